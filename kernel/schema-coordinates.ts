import { TypeInfo, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, parse, visit, visitWithTypeInfo } from 'graphql';
import type { DocumentNode, GraphQLNamedType, GraphQLSchema } from 'graphql';

/**
 * The schema coordinates an operation uses, against `schema`: `Type.field` for each selected field (and the field's
 * type), `Type.field.argument` for each argument given, and every input type, input field, enum and enum value
 * reachable from its variables and arguments. What `npm run schema:review` matches changes against
 * (scripts/schema-impact.ts); its output fields are what the gateway counts as field usage (gateway/usage.ts). Pure.
 */
export function operationCoordinates(schema: GraphQLSchema, document: string | DocumentNode): Set<string> {
  const ast = typeof document === 'string' ? parse(document) : document;
  const used = new Set<string>();
  const addInput = (type: GraphQLNamedType) => {
    if (used.has(type.name)) return;
    used.add(type.name);
    if (isEnumType(type)) for (const v of type.getValues()) used.add(`${type.name}.${v.name}`);
    if (isInputObjectType(type)) {
      for (const f of Object.values(type.getFields())) {
        used.add(`${type.name}.${f.name}`);
        addInput(getNamedType(f.type));
      }
    }
  };
  const info = new TypeInfo(schema);
  visit(
    ast,
    visitWithTypeInfo(info, {
      Field(node) {
        const parent = info.getParentType();
        const def = info.getFieldDef();
        if (!parent || !def || node.name.value.startsWith('__')) return;
        used.add(parent.name);
        used.add(`${parent.name}.${node.name.value}`);
        used.add(getNamedType(def.type).name);
      },
      Argument(node) {
        const parent = info.getParentType();
        const field = info.getFieldDef();
        const arg = info.getArgument();
        if (!parent || !field || !arg) return;
        used.add(`${parent.name}.${field.name}.${node.name.value}`);
        addInput(getNamedType(arg.type));
      },
      VariableDefinition() {
        const type = info.getInputType();
        if (type) addInput(getNamedType(type));
      },
      InlineFragment() {
        const type = info.getType();
        if (type) used.add(getNamedType(type).name);
      },
      FragmentDefinition() {
        const type = info.getType();
        if (type) used.add(getNamedType(type).name);
      },
    }),
  );
  return used;
}

/** The output fields (`Type.field` of object and interface types) among an operation's coordinates, sorted. */
export function outputFields(schema: GraphQLSchema, used: Iterable<string>): string[] {
  return [...used]
    .filter((c) => {
      const [type, field, more] = c.split('.');
      const t = field !== undefined && more === undefined ? schema.getType(type) : undefined;
      return !!t && (isObjectType(t) || isInterfaceType(t));
    })
    .sort();
}
