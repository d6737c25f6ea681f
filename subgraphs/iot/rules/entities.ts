import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, ObjectType } from 'type-graphql';
import { IotRecord, type IotRecordOptional } from '../common/records.js';
import { IotRuleType } from '../common/enums.js';
import type { SchemaField } from './vocabulary.js';

/**
 * An IoT rule of an IoTSP (docs/iot.md "Rules"): how the report lines of one device protocol become typed telemetry.
 * `head`, `struct` and `schema` are checked at creation (rules/compile.ts) and never change afterwards: devices and
 * stored telemetry depend on them (make a new rule for a new protocol version). Tags, description and status change.
 */
@ObjectType({ description: "An IoT rule: the header markers, the template and the typed schema that turn a device protocol's report lines into telemetry." })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'rule' })
@Unique({ properties: ['workspaceId', 'icode', 'reference'] })
@Index({ properties: ['workspaceId', 'icode', 'type'] })
export class IotRule extends IotRecord {
  [OptionalProps]?: IotRecordOptional | 'type';

  @Field({
    description: "The rule's reference: the one given at creation (1–64 letters, digits, `.`, `_`, `-`), or `RUL-` and 10 Crockford base32 characters. Unique in the IoTSP; REST `:reference`.",
  })
  @Property()
  reference!: string;
  @Field(() => IotRuleType, { description: 'What the rule parses.' }) @Property({ type: 'string' }) type: IotRuleType = 'REPORT';
  @Field(() => [String], { description: 'The header markers a report line starts with (1–16, each 1–32 characters).' }) @Property({ type: 'json' }) head!: string[];
  @Field({ description: 'The template: `HEAD`, then `{field.name}` placeholders, then `$`, comma-separated.' }) @Property({ type: 'text' }) struct!: string;
  @Field(() => GraphQLJSONObject, { description: 'For each field of the template: `{type, unit, description, sources}` (docs/iot.md "Rules").' })
  @Property({ type: 'json' })
  schema!: Record<string, SchemaField>;
}
