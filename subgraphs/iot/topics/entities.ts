import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { IotRecord, type IotRecordOptional } from '../common/records.js';

/**
 * An MQTT topic filter an IoTSP registers (docs/iot.md "Topics"): its devices publish to topic names it matches.
 * The path never changes (unregister and register another); tags, description and status do.
 */
@ObjectType({ description: 'An MQTT topic filter of an IoTSP: its devices publish their reports to topic names it matches.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'topic' })
@Unique({ properties: ['workspaceId', 'icode', 'reference'] })
@Unique({ properties: ['workspaceId', 'icode', 'path'] })
export class IotTopic extends IotRecord {
  [OptionalProps]?: IotRecordOptional;

  @Field({ description: 'The reference, `TOP-` and 10 Crockford base32 characters (REST: `:reference`, any case).' }) @Property() reference!: string;
  @Field({ description: 'The MQTT topic filter (MQTT 3.1.1 §4.7: `/`-separated levels, `+` one level, `#` the rest; not starting with `$`).' }) @Property({ type: 'text' }) path!: string;
  @Field(() => Int, { description: 'The MQTT quality of service the platform subscribes with: 0, 1 or 2 (REST accepts "0"–"2" too).' }) @Property() qos!: number;
}
