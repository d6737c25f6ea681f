import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, ObjectType } from 'type-graphql';
import { MqttQos, QOS_NAME } from '../common/enums.js';
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
  [OptionalProps]?: IotRecordOptional | 'qos';

  @Field({ description: 'The reference, `TOP-` and 10 Crockford base32 characters (REST: `:reference`, any case).' }) @Property() reference!: string;
  @Field({ description: 'The MQTT topic filter (MQTT 3.1.1 §4.7: `/`-separated levels, `+` one level, `#` the rest; not starting with `$`).' }) @Property({ type: 'text' }) path!: string;
  /** The QoS as MQTT numbers it (column `qos`). */
  @Property({ fieldName: 'qos' }) qosLevel!: number;

  @Field(() => MqttQos, { description: 'The MQTT quality of service the platform subscribes with (REST: "0", "1" or "2").' })
  get qos(): MqttQos {
    return QOS_NAME[this.qosLevel];
  }
}
