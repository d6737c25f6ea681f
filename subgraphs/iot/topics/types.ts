import { Field, InputType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, Length, MaxLength } from 'class-validator';
import { PageOf } from '../../../kernel/graphql-types.js';
import { MqttQos } from '../common/enums.js';
import { DESCRIPTION, TAGS } from '../common/types.js';
import { IotTopic } from './entities.js';

@InputType({ description: 'A topic filter to register (REST body of `POST /v1/iotsp/topics/register`).' })
export class IotTopicRegisterInput {
  @Field({ description: 'The MQTT topic filter: `/`-separated levels, `+` one whole level, `#` the whole last level; not starting with `$`; at most 1,024 characters and 32 levels.' })
  @Length(1, 1024)
  path!: string;
  @Field(() => MqttQos, { description: 'The quality of service the platform subscribes with (REST: "0", "1" or "2", or the number).' }) qos!: MqttQos;
  @Field(() => String, DESCRIPTION) @IsOptional() @MaxLength(500) description?: string;
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
}

export const IotTopicPage = PageOf(IotTopic, 'IotTopicPage');
