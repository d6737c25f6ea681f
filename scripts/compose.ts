import 'reflect-metadata';
import { composeServices } from '@apollo/composition';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType, parse, printSchema, type GraphQLSchema } from 'graphql';
import { loadConfig } from '../kernel/config.js';
import { subgraphSdl } from '../kernel/subgraph.js';
import { subgraphs } from '../subgraphs/index.js';

/**
 * Composes the supergraph offline (no rover): writes schema/<subgraph>.graphql and schema/supergraph.graphql.
 * `--check` writes nothing and fails when the committed files differ from what the code produces.
 * Composition fails on any composition error and on any type, field or argument without a description
 * (root operation types excepted: their fields carry the descriptions).
 */
const SCHEMA_DIR = join(process.cwd(), 'schema');

function missingDescriptions(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const federationTypes = /^(join__|link__|_Service$|_Any$|_Entity$|FieldSet$|federation__)/;
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type) || federationTypes.test(type.name)) continue;
    const isRoot = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].includes(type as never);
    if (!type.description && !isRoot) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      const fields = isInputObjectType(type) ? Object.values(type.getFields()) : Object.values(type.getFields());
      for (const field of fields) {
        if (field.name.startsWith('_')) continue;
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
  }
  return missing;
}

/** What composing the code's subgraphs yields (scripts/schema-check.ts checks all three). */
export interface Composition {
  /** schema/<name> → content: each subgraph's SDL and the supergraph. */
  files: Record<string, string>;
  /** Composition hints (`CODE: message`): things that compose but deserve a look; the check wants none. */
  hints: string[];
  /** The API schema clients see (no federation types or directives), printed as SDL. */
  apiSdl: string;
}

/** Composes the supergraph of the code's subgraphs; throws on a composition error or a missing description. */
export async function composeSupergraph(): Promise<Composition> {
  const config = loadConfig({ ...process.env, JWT_SECRET: 'compose'.padEnd(32, '-'), INTERNAL_SECRET: 'compose'.padEnd(32, '-') });
  const files: Record<string, string> = {};
  const services = [];
  for (const def of subgraphs) {
    const sdl = await subgraphSdl(def);
    files[`${def.name}.graphql`] = sdl;
    services.push({ name: def.name, url: config.subgraphUrl(def.name), typeDefs: parse(sdl) });
  }
  const result = composeServices(services);
  if (result.errors?.length) {
    throw new Error(`Composition failed:\n${result.errors.map((e) => `  - ${e.message}`).join('\n')}`);
  }
  const supergraph = result.supergraphSdl!;
  const api = result.schema!.toAPISchema().toGraphQLJSSchema();
  const missing = missingDescriptions(api);
  if (missing.length) throw new Error(`Schema elements without a description:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  files['supergraph.graphql'] = supergraph;
  return { files, hints: (result.hints ?? []).map((h) => `${h.definition.code}: ${h.message}`), apiSdl: printSchema(api) };
}

/** schema/<name> → content, as `npm run compose` writes them. */
export async function composeAll(): Promise<Record<string, string>> {
  return (await composeSupergraph()).files;
}

if (process.argv[1]?.endsWith('compose.js')) {
  const check = process.argv.includes('--check');
  try {
    const files = await composeAll();
    const stale: string[] = [];
    for (const [name, content] of Object.entries(files)) {
      const path = join(SCHEMA_DIR, name);
      if (check) {
        let current = '';
        try {
          current = readFileSync(path, 'utf8');
        } catch {
          /* missing */
        }
        if (current !== content) stale.push(name);
      } else {
        writeFileSync(path, content);
      }
    }
    if (check && stale.length) {
      console.error(`schema/ is out of date (${stale.join(', ')}): run \`npm run compose\` and commit the result`);
      process.exit(1);
    }
    console.log(
      check
        ? 'schema/ is up to date'
        : `wrote ${Object.keys(files)
            .map((f) => `schema/${f}`)
            .join(', ')}`,
    );
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
