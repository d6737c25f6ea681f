import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, MaxLength } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { GeoPoint, PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { IotStatus, ReportOutcome, ReportSource } from '../common/enums.js';
import { DESCRIPTION, IotListArgs, ReportError, TAGS } from '../common/types.js';
import { IotDevice } from './entities.js';

const EXTERNAL_ID = { description: "The device's own identifier (IMEI, serial number…): 1–64 characters, unique in the IoTSP." };

@InputType({ description: 'A device to register (REST body of `POST /v1/iotsp/devices`).' })
export class DeviceRegisterInput {
  @Field(EXTERNAL_ID) @Length(1, 64) externalId!: string;
  @Field({ description: 'The reference of the rule it speaks (ACTIVE or not).' }) @Length(1, 64) rule!: string;
  @Field(() => String, { nullable: true, description: 'The reference of the topic it publishes on; absent: any ACTIVE topic of the IoTSP.' }) @IsOptional() @Length(1, 64) topic?: string;
  @Field(() => ID, { nullable: true, description: 'The LSP vehicle it rides in: a vehicle id of a fleet of this workspace.' }) @IsOptional() vehicleId?: string;
  @Field(() => String, { nullable: true, description: 'A display name, at most 120 characters.' }) @IsOptional() @MaxLength(120) name?: string;
  @Field(() => String, DESCRIPTION) @IsOptional() @MaxLength(500) description?: string;
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
}

@InputType({ description: 'A change of a device (REST body of `PATCH /v1/iotsp/devices/:reference`): absent fields keep their value; null unbinds topic or vehicle.' })
export class DeviceUpdateInput {
  @Field(() => String, { nullable: true, description: 'A display name, at most 120 characters; null clears it.' }) @IsOptional() @MaxLength(120) @Nullable() name?: string | null;
  @Field(() => String, DESCRIPTION) @IsOptional() @MaxLength(500) @Nullable() description?: string | null;
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
  @Field(() => String, { nullable: true, description: 'Another rule for it to speak (its reference).' }) @IsOptional() @Length(1, 64) rule?: string;
  @Field(() => String, { nullable: true, description: 'The topic it publishes on (its reference); null: any ACTIVE topic of the IoTSP.' }) @IsOptional() @Length(1, 64) @Nullable() topic?:
    string | null;
  @Field(() => ID, { nullable: true, description: 'The LSP vehicle it rides in; null: none.' }) @IsOptional() @Nullable() vehicleId?: string | null;
  @Field(() => IotStatus, { nullable: true, description: 'ACTIVE or INACTIVE: an INACTIVE device cannot connect to the broker, and its HTTP reports are kept as failures.' }) status?: IotStatus;
  @Field({ nullable: true, description: 'true: issue a new secret (shown once in the answer); the old one stops working at once.' }) rotateCredential?: boolean;
}

@ArgsType()
export class DeviceListArgs extends IotListArgs {
  @Field(() => String, { nullable: true, description: 'Only devices speaking this rule (its reference).' }) @IsOptional() @Length(1, 64) rule?: string;
  @Field(() => ID, { nullable: true, description: 'Only the devices riding in this vehicle.' }) vehicleId?: string;
}

@InputType({ description: 'A batch of report lines of one device (REST body of `POST /v1/iotsp/devices/:reference/reports`).' })
export class DeviceReportsInput {
  @Field(() => [String], { description: 'The lines, 1–1,000, each at most 4,096 characters, in the order the device sent them.' })
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @MaxLength(4096, { each: true })
  reports!: string[];
}

@ObjectType({ description: 'The error of one report of a batch.' })
export class BatchReportError {
  @Field(() => Int, { description: 'Its 0-based index in the batch.' }) index!: number;
  @Field(() => ReportError, { description: 'What is wrong.' }) error!: ReportError;
}

@ObjectType({ description: 'What became of a batch: every report is stored, as telemetry or as a failure with its error.' })
export class DeviceReportsResult {
  @Field(() => Int, { description: 'Reports received (all are kept).' }) accepted!: number;
  @Field(() => Int, { description: 'Reports stored as typed telemetry.' }) stored!: number;
  @Field(() => Int, { description: 'Reports kept as failures.' }) failed!: number;
  @Field(() => [BatchReportError], { description: 'The failures, by index (at most 100 listed).' }) errors!: BatchReportError[];
}

@ArgsType()
export class TelemetryArgs extends PageArgs {
  @Field(() => Date, { nullable: true, description: 'From this instant (inclusive, by when the report was measured); default: 24 hours before `to`.' }) from?: Date;
  @Field(() => Date, { nullable: true, description: 'Until this instant (exclusive); default: now.' }) to?: Date;
  @Field(() => ReportOutcome, { nullable: true, description: 'STORED (default): typed telemetry; FAILED: the reports kept with their error.' }) outcome?: ReportOutcome;
}

@ObjectType({ description: 'One report of a device: typed telemetry, or a failure with its error.' })
export class TelemetryReport {
  @Field(() => ID, { description: "The report's identifier (increasing in arrival order)." }) id!: string;
  @Field(() => ReportOutcome, { description: 'STORED or FAILED.' }) outcome!: ReportOutcome;
  @Field(() => ReportSource, { description: 'HTTP or MQTT.' }) source!: ReportSource;
  @Field(() => String, { nullable: true, description: 'The MQTT topic it was published on; null over HTTP.' }) topic?: string | null;
  @Field({ description: 'When it was measured (position.time, else device.time, else when it arrived).' }) measuredAt!: Date;
  @Field({ description: 'When it arrived.' }) receivedAt!: Date;
  @Field(() => String, { nullable: true, description: 'The header marker; null for a failure.' }) head?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The typed values, nested by the dotted field names; null for a failure.' }) values?: Record<string, unknown> | null;
  @Field(() => GeoPoint, { nullable: true, description: 'position.latitude and position.longitude, when the report has both.' }) position?: GeoPoint | null;
  @Field(() => String, { nullable: true, description: 'The line as received (at most 4,096 characters), for a failure; null for telemetry.' }) line?: string | null;
  @Field(() => ReportError, { nullable: true, description: 'Why it failed; null for telemetry.' }) error?: ReportError | null;
}

export const DevicePage = PageOf(IotDevice, 'IotDevicePage');
export const TelemetryPage = PageOf(TelemetryReport, 'TelemetryReportPage');
