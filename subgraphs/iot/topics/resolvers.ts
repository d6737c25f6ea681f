import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { IotStatus } from '../common/enums.js';
import { iotScope } from '../common/scope.js';
import { ConnectorAssignmentInput, IotDeletion, IotFindArgs, IotListArgs, IotTagsInput } from '../common/types.js';
import { AssignedConnector } from '../connectors/entities.js';
import { connectorOps } from '../connectors/service.js';
import { IotTopic } from './entities.js';
import * as topics from './service.js';
import { IotTopicPage, IotTopicRegisterInput } from './types.js';

const topicConnectors = connectorOps(topics.findTopic);
const REFERENCE = { description: "The topic's reference, `TOP-…` (REST: `:reference`, any case)." };

/** Spec group 12 (docs/iot.md "Topics"): the IoTSP of the caller's context token. */
@Resolver(() => IotTopic)
export class IotTopicResolver {
  @Query(() => IotTopicPage, { description: "The IoTSP's topic filters, newest first, a page at a time. REST: `GET /v1/iotsp/topics`." })
  iotTopics(@Args() args: IotListArgs, @Ctx() ctx: SubgraphContext) {
    return topics.listTopics(iotScope(ctx, 'read'), args);
  }

  @Query(() => IotTopicPage, { description: 'Topics whose reference, description, tags or path contain the text. REST: `GET /v1/iotsp/topics/find?query=`.' })
  iotTopicSearch(@Args() args: IotFindArgs, @Ctx() ctx: SubgraphContext) {
    return topics.findTopics(iotScope(ctx, 'read'), args);
  }

  @Query(() => IotTopic, { description: 'One topic of the IoTSP, found by its reference. REST: `GET /v1/iotsp/topics/:reference`.' })
  iotTopic(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return topics.findTopic(iotScope(ctx, 'read'), reference);
  }

  @Mutation(() => IotTopic, { description: 'Register an MQTT topic filter (VALIDATION_ERROR names what MQTT forbids in it). REST: `POST /v1/iotsp/topics/register`.' })
  registerIotTopic(@Arg('input', { description: 'The topic filter.' }) input: IotTopicRegisterInput, @Ctx() ctx: SubgraphContext) {
    return topics.registerTopic(iotScope(ctx, 'write'), input);
  }

  @Mutation(() => IotTopic, { description: "Change a topic's tags and description (its path never changes). REST: `PATCH /v1/iotsp/topics/:reference`." })
  updateIotTopic(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'What changes.' }) input: IotTagsInput, @Ctx() ctx: SubgraphContext) {
    return topics.updateTopicTags(iotScope(ctx, 'write'), reference, input);
  }

  @Mutation(() => IotTopic, { description: 'Move a topic to ACTIVE or INACTIVE (docs/iot.md "Statuses"). REST: `PATCH /v1/iotsp/topics/:reference/:status` (active, inactive).' })
  changeIotTopicStatus(
    @Arg('reference', REFERENCE) reference: string,
    @Arg('status', () => IotStatus, { description: 'The status to move to (REST: `:status`, any case).' }) status: IotStatus,
    @Ctx() ctx: SubgraphContext,
  ) {
    return topics.changeTopicStatus(iotScope(ctx, 'write'), reference, status);
  }

  @Mutation(() => IotDeletion, { description: 'Unregister a topic: refused (CONFLICT) while devices are bound to it. REST: `DELETE /v1/iotsp/topics/:reference`.' })
  unregisterIotTopic(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return topics.unregisterTopic(iotScope(ctx, 'write'), reference);
  }

  @Mutation(() => [AssignedConnector], {
    description: "Assign one of the IoTSP's IoT connectors to the topic; answers the topic's connectors. REST: `PUT /v1/iotsp/topics/:reference/connector/assign`.",
  })
  assignIotTopicConnector(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'The connector.' }) input: ConnectorAssignmentInput, @Ctx() ctx: SubgraphContext) {
    return topicConnectors.assign(iotScope(ctx, 'write'), reference, input.connectorId);
  }

  @Mutation(() => [AssignedConnector], { description: "Unassign a connector from the topic; answers the topic's connectors. REST: `PATCH /v1/iotsp/topics/:reference/connector/unassign`." })
  unassignIotTopicConnector(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'The connector.' }) input: ConnectorAssignmentInput, @Ctx() ctx: SubgraphContext) {
    return topicConnectors.unassign(iotScope(ctx, 'write'), reference, input.connectorId);
  }

  @Query(() => [AssignedConnector], { description: 'The connectors assigned to the topic, oldest assignment first. REST: `GET /v1/iotsp/topics/:reference/connectors`.' })
  iotTopicConnectors(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return topicConnectors.list(iotScope(ctx, 'read'), reference);
  }
}
