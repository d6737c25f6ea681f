import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { recordById } from '../../../kernel/loaders.js';
import { scopeToProvider } from '../../../kernel/tenancy.js';
import { IotRule } from '../rules/entities.js';
import { IotTopic } from '../topics/entities.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { iotScope } from '../common/scope.js';
import { IotDeletion } from '../common/types.js';
import { IotDevice, DeviceWithCredential } from './entities.js';
import * as devices from './service.js';
import { DeviceListArgs, DevicePage, DeviceRegisterInput, DeviceReportsInput, DeviceReportsResult, DeviceUpdateInput, TelemetryArgs, TelemetryPage } from './types.js';

const REFERENCE = { description: "The device's reference, `DVC-…` (REST: `:reference`, any case)." };

/** The seven device routes the spec leaves to the platform (docs/iot.md "Devices"): the IoTSP of the caller's context token. */
@Resolver(() => IotDevice)
export class IotDeviceResolver {
  @Query(() => DevicePage, { description: "The IoTSP's devices, newest first, a page at a time. REST: `GET /v1/iotsp/devices`." })
  iotDevices(@Args() args: DeviceListArgs, @Ctx() ctx: SubgraphContext) {
    return devices.listDevices(iotScope(ctx, 'read'), args);
  }

  @Query(() => IotDevice, { description: 'One device of the IoTSP, found by its reference. REST: `GET /v1/iotsp/devices/:reference`.' })
  iotDevice(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return devices.findDevice(iotScope(ctx, 'read'), reference);
  }

  @Query(() => TelemetryPage, { description: "A device's reports in a time range, newest first, a page at a time. REST: `GET /v1/iotsp/devices/:reference/telemetry`." })
  iotDeviceTelemetry(@Arg('reference', REFERENCE) reference: string, @Args() args: TelemetryArgs, @Ctx() ctx: SubgraphContext) {
    return devices.deviceTelemetry(iotScope(ctx, 'read'), reference, args);
  }

  @Mutation(() => DeviceWithCredential, { description: 'Register a device; its credential is shown this once. REST: `POST /v1/iotsp/devices`.' })
  registerIotDevice(@Arg('input', { description: 'The device.' }) input: DeviceRegisterInput, @Ctx() ctx: SubgraphContext) {
    return devices.registerDevice(iotScope(ctx, 'write'), input);
  }

  @Mutation(() => DeviceWithCredential, { description: 'Change a device (rule, topic, vehicle, status, names), or rotate its credential. REST: `PATCH /v1/iotsp/devices/:reference`.' })
  updateIotDevice(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'What changes.' }) input: DeviceUpdateInput, @Ctx() ctx: SubgraphContext) {
    return devices.updateDevice(iotScope(ctx, 'write'), reference, input);
  }

  @Mutation(() => IotDeletion, { description: 'Delete a device and every report it sent; its credential stops working. REST: `DELETE /v1/iotsp/devices/:reference`.' })
  deleteIotDevice(@Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return devices.deleteDevice(iotScope(ctx, 'write'), reference);
  }

  @Mutation(() => DeviceReportsResult, {
    description:
      'Ingest a batch of report lines of a device over HTTP: each is parsed by its rule and stored, as telemetry or as a failure with its error. REST: `POST /v1/iotsp/devices/:reference/reports`.',
  })
  ingestIotReports(@Arg('reference', REFERENCE) reference: string, @Arg('input', { description: 'The lines.' }) input: DeviceReportsInput, @Ctx() ctx: SubgraphContext) {
    return devices.ingestReports(iotScope(ctx, 'write'), reference, input.reports);
  }

  @FieldResolver(() => IotRule, { description: 'The rule it speaks.' })
  async rule(@Root() device: IotDevice, @Ctx() ctx: SubgraphContext): Promise<IotRule> {
    return (await relatedOf(ctx, device, IotRule, device.rule.id))!;
  }

  @FieldResolver(() => String, { description: 'The reference of the rule it speaks.' })
  async ruleReference(@Root() device: IotDevice, @Ctx() ctx: SubgraphContext): Promise<string> {
    return (await this.rule(device, ctx)).reference;
  }

  @FieldResolver(() => IotTopic, { nullable: true, description: 'The topic it publishes on; null: any ACTIVE topic of its IoTSP.' })
  topic(@Root() device: IotDevice, @Ctx() ctx: SubgraphContext): Promise<IotTopic | null> {
    return device.topic ? relatedOf(ctx, device, IotTopic, device.topic.id) : Promise.resolve(null);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The reference of the topic it publishes on; null: any ACTIVE topic of its IoTSP.' })
  async topicReference(@Root() device: IotDevice, @Ctx() ctx: SubgraphContext): Promise<string | null> {
    return (await this.topic(device, ctx))?.reference ?? null;
  }
}

/** A rule or topic of the device's own IoTSP, batched per request (a page of devices costs one query per kind). */
const relatedOf = <T extends IotRule | IotTopic>(ctx: SubgraphContext, device: IotDevice, entity: new () => T, id: string) =>
  recordById(ctx, scopeToProvider(ctx.em, device.workspaceId, device.icode), entity, id);
