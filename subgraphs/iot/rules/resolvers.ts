import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { IotStatus } from '../common/enums.js';
import { iotScope } from '../common/scope.js';
import { ConnectorAssignmentInput, IotDeletion, IotFindArgs, IotTagsInput, ParsedReport } from '../common/types.js';
import { AssignedConnector } from '../connectors/entities.js';
import { connectorOps } from '../connectors/service.js';
import { IotRule } from './entities.js';
import * as rules from './service.js';
import { IotReportLineInput, IotRuleCreateInput, IotRuleListArgs, IotRulePage } from './types.js';

const ruleConnectors = connectorOps(rules.findRule);
const REFERENCE = { description: "The rule's reference (REST: `:reference`)." };

/** Spec group 11 (docs/iot.md "Rules"): the IoTSP of the caller's context token. */
@Resolver(() => IotRule)
export class IotRuleResolver {
  @Query(() => IotRulePage, { description: "The IoTSP's rules, newest first, a page at a time. REST: `GET /v1/iotsp/rules?type=`." })
  iotRules(@Args() args: IotRuleListArgs, @Ctx() ctx: SubgraphContext) {
    return rules.listRules(iotScope(ctx, 'read'), args);
  }

  @Query(() => IotRulePage, { description: 'Rules whose reference, description, tags or head markers contain the text. REST: `GET /v1/iotsp/rules/find?query=`.' })
  iotRuleSearch(@Args() args: IotFindArgs, @Ctx() ctx: SubgraphContext) {
    return rules.findRules(iotScope(ctx, 'read'), args);
  }

  @Query(() => IotRule, { description: 'One rule of the IoTSP, found by its reference. REST: `GET /v1/iotsp/rules/:reference`.' })
  iotRule(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return rules.findRule(iotScope(ctx, 'read'), reference);
  }

  @Mutation(() => IotRule, { description: 'Add a rule, checked whole (VALIDATION_ERROR names the exact problem). REST: `POST /v1/iotsp/rules/add`.' })
  createIotRule(@Arg('input', { description: 'The rule.' }) input: IotRuleCreateInput, @Ctx() ctx: SubgraphContext) {
    return rules.createRule(iotScope(ctx, 'write'), input);
  }

  @Mutation(() => IotRule, { description: "Change a rule's tags and description (its head, struct and schema never change). REST: `PATCH /v1/iotsp/rules/:reference`." })
  updateIotRule(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'What changes.' }) input: IotTagsInput, @Ctx() ctx: SubgraphContext) {
    return rules.updateRuleTags(iotScope(ctx, 'write'), reference, input);
  }

  @Mutation(() => IotRule, { description: 'Move a rule to ACTIVE or INACTIVE (docs/iot.md "Statuses"). REST: `PATCH /v1/iotsp/rules/:reference/:status` (active, inactive).' })
  changeIotRuleStatus(
    @Arg('reference', REFERENCE) reference: string,
    @Arg('status', () => IotStatus, { description: 'The status to move to (REST: `:status`, any case).' }) status: IotStatus,
    @Ctx() ctx: SubgraphContext,
  ) {
    return rules.changeRuleStatus(iotScope(ctx, 'write'), reference, status);
  }

  @Mutation(() => IotDeletion, { description: 'Delete a rule: refused (CONFLICT) while devices speak it. REST: `DELETE /v1/iotsp/rules/:reference`.' })
  deleteIotRule(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return rules.deleteRule(iotScope(ctx, 'write'), reference);
  }

  @Mutation(() => ParsedReport, {
    description: 'A dry run: parse a sample report line with the rule and answer the typed values or the error; nothing is stored. REST addition: `POST /v1/iotsp/rules/:reference/dry-run`.',
  })
  dryRunIotRule(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'The line.' }) input: IotReportLineInput, @Ctx() ctx: SubgraphContext) {
    return rules.dryRunRule(iotScope(ctx, 'read'), reference, input.line);
  }

  @Mutation(() => [AssignedConnector], { description: "Assign one of the IoTSP's IoT connectors to the rule; answers the rule's connectors. REST: `PUT /v1/iotsp/rules/:reference/connector/assign`." })
  assignIotRuleConnector(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'The connector.' }) input: ConnectorAssignmentInput, @Ctx() ctx: SubgraphContext) {
    return ruleConnectors.assign(iotScope(ctx, 'write'), reference, input.connectorId);
  }

  @Mutation(() => [AssignedConnector], { description: "Unassign a connector from the rule; answers the rule's connectors. REST: `PATCH /v1/iotsp/rules/:reference/connector/unassign`." })
  unassignIotRuleConnector(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'The connector.' }) input: ConnectorAssignmentInput, @Ctx() ctx: SubgraphContext) {
    return ruleConnectors.unassign(iotScope(ctx, 'write'), reference, input.connectorId);
  }

  @Query(() => [AssignedConnector], { description: 'The connectors assigned to the rule, oldest assignment first. REST: `GET /v1/iotsp/rules/:reference/connectors`.' })
  iotRuleConnectors(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return ruleConnectors.list(iotScope(ctx, 'read'), reference);
  }
}
