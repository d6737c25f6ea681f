import { Field, InputType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, Length, MaxLength } from 'class-validator';
import { GraphQLScalarType, Kind } from 'graphql';
import { PageOf } from '../../../kernel/graphql-types.js';
import { DESCRIPTION, TAGS } from '../common/types.js';
import { IotTopic } from './entities.js';

const qosOf = (v: unknown): number => {
  const n = typeof v === 'string' && /^[0-2]$/.test(v.trim()) ? Number(v.trim()) : v;
  if (n === 0 || n === 1 || n === 2) return n;
  throw new TypeError('must be 0, 1 or 2 (a number, or the same digit as a string)');
};

/** The MQTT quality of service: 0, 1 or 2. The spec writes it as a string: "0"–"2" are read too. */
export const MqttQos = new GraphQLScalarType<number, number>({
  name: 'MqttQos',
  description: 'An MQTT quality of service, 0, 1 or 2; read from a number or a one-digit string (the spec writes `qos` as a string), written as a number.',
  serialize: (v) => qosOf(v),
  parseValue: (v) => qosOf(v),
  parseLiteral: (ast) => qosOf(ast.kind === Kind.INT || ast.kind === Kind.STRING ? (ast.kind === Kind.INT ? Number(ast.value) : ast.value) : undefined),
});

@InputType({ description: 'A topic filter to register (REST body of `POST /v1/iotsp/topics/register`).' })
export class IotTopicRegisterInput {
  @Field({ description: 'The MQTT topic filter: `/`-separated levels, `+` one whole level, `#` the whole last level; not starting with `$`; at most 1,024 characters and 32 levels.' })
  @Length(1, 1024)
  path!: string;
  @Field(() => MqttQos, { description: 'The quality of service the platform subscribes with: 0, 1 or 2.' }) qos!: number;
  @Field(() => String, DESCRIPTION) @IsOptional() @MaxLength(500) description?: string;
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
}

export const IotTopicPage = PageOf(IotTopic, 'IotTopicPage');
