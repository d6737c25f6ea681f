import { Property } from '@mikro-orm/decorators/legacy';
import { Field, Float, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsBoolean, IsOptional, IsTimeZone, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Address, AddressInput, Contacts, ContactsInput, checkCoordinates, storedAddress } from '../../../kernel/graphql-types.js';
import { validationError } from '../../../kernel/errors.js';
import { LspRecord } from './records.js';
import { Nullable } from '../../../kernel/validation.js';
import { nowDate } from '../../../kernel/clock.js';
import { IDENT } from '../../../domain/vocabulary.js';
import { DayOfWeek, FacilityStatus, OperatingMode } from './enums.js';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const IDENT_MSG = { message: 'must be an upper-case identifier such as STANDARD' };
const CAPABILITY_MSG = { each: true, message: 'must contain upper-case identifiers of 1–40 such as COLD_CHAIN' };
/** A capacity's unit, as the LSP writes it (pallets, slots, m3, kg/day). */
const UNIT = /^[A-Za-z0-9_\-/]{1,20}$/;
/** Largest quantity of a capacity (docs/lsp.md, "Limits"). */
export const MAX_CAPACITY = 1_000_000_000;
const AT_LEAST_0 = { message: 'must be 0 or more' };
const AT_MOST_CAPACITY = { message: 'must be at most 1,000,000,000' };
/** Most capabilities and capacities a facility has (docs/lsp.md, "Limits"). */
export const MAX_CAPABILITIES = 30;
export const MAX_CAPACITIES = 20;

@ObjectType({ description: 'Opening hours of a facility on one day of the week.' })
export class OperatingHour {
  @Field(() => DayOfWeek, { description: 'The day these hours are for.' }) dayOfWeek!: DayOfWeek;
  @Field(() => String, { nullable: true, description: 'Opening time of day, HH:MM (24 h), local to the facility; null when closed.' }) openTime?: string | null;
  @Field(() => String, { nullable: true, description: 'Closing time of day, HH:MM (24 h); earlier than openTime means past midnight; null when closed.' }) closeTime?: string | null;
  @Field({ description: 'Whether the facility is closed all day.' }) isClosed!: boolean;
}

@InputType({ description: 'Opening hours of a facility on one day of the week.' })
export class OperatingHourInput {
  @Field(() => DayOfWeek, { description: 'The day these hours are for (at most one entry per day).' }) dayOfWeek!: DayOfWeek;
  @Field({ nullable: true, description: 'Opening time of day, HH:MM (00:00–23:59), local to the facility; required unless isClosed.' })
  @IsOptional()
  @Matches(HHMM, { message: 'must be HH:MM (00:00–23:59)' })
  @Nullable()
  openTime?: string;
  @Field({ nullable: true, description: 'Closing time of day, HH:MM (00:00–23:59); required unless isClosed; differs from openTime.' })
  @IsOptional()
  @Matches(HHMM, { message: 'must be HH:MM (00:00–23:59)' })
  @Nullable()
  closeTime?: string;
  @Field({ nullable: true, description: 'Closed all day (default false).' }) @IsOptional() @IsBoolean() isClosed?: boolean;
}

@ObjectType({ description: 'One kind of capacity of a facility: how much there is, how much is in use and how much is reserved, in one unit.' })
export class FacilityCapacity {
  @Field({ description: 'What is counted: an upper-case identifier the LSP chooses (open vocabulary, e.g. PALLET_POSITIONS, STORAGE_SLOTS, PACKAGES); one entry per type.' }) type!: string;
  @Field(() => Float, { description: 'How much there is in all, in `unit` (0 to 1,000,000,000).' }) total!: number;
  @Field(() => Float, { description: 'How much is in use, in `unit` (0 to total).' }) used!: number;
  @Field(() => Float, { description: 'How much is promised and not yet in use, in `unit` (0 to total − used; 0 when not given).' }) reserved!: number;
  @Field({ description: 'Unit of total, used and reserved, as the LSP writes it (open vocabulary, e.g. pallets, slots, m3).' }) unit!: string;
}

@InputType({ description: 'One kind of capacity of a facility.' })
export class FacilityCapacityInput {
  @Field({ description: 'What is counted: an upper-case identifier of 1–40 the LSP chooses (e.g. PALLET_POSITIONS, STORAGE_SLOTS, PACKAGES); an open vocabulary, unique per facility.' })
  @Matches(IDENT, { message: 'must be an upper-case identifier such as PALLET_POSITIONS' })
  type!: string;
  @Field(() => Float, { description: 'How much there is in all, in `unit` (0 to 1,000,000,000).' }) @Min(0, AT_LEAST_0) @Max(MAX_CAPACITY, AT_MOST_CAPACITY) total!: number;
  @Field(() => Float, { description: 'How much is in use, in `unit` (0 to total).' }) @Min(0, AT_LEAST_0) @Max(MAX_CAPACITY, AT_MOST_CAPACITY) used!: number;
  @Field(() => Float, { nullable: true, description: 'How much is promised and not yet in use, in `unit` (0 to total − used; default 0).' })
  @IsOptional()
  @Min(0, AT_LEAST_0)
  @Max(MAX_CAPACITY, AT_MOST_CAPACITY)
  reserved?: number;
  @Field({ description: 'Unit of the quantities: 1–20 letters, digits, _, - or / (e.g. pallets, slots, m3); an open vocabulary.' })
  @Matches(UNIT, { message: 'must be 1–20 letters, digits, _, - or / such as pallets' })
  unit!: string;
}

/** Fields every facility (fleet, warehouse, hub) shares: the spec's facility create body. */
@ObjectType('FacilityBase', { description: 'Fields every facility has (inherited by Fleet, Warehouse and Hub).' })
export abstract class Facility extends LspRecord {
  @Field({ description: 'Facility type, an upper-case identifier the LSP chooses (open vocabulary, e.g. URBAN_TRANSIT fleet, FULFILLMENT warehouse, DISTRIBUTION hub).' }) @Property() type!: string;
  @Field({ description: "The LSP's own code for the facility (unique per LSP and kind)." }) @Property() code!: string;
  @Field({ description: 'Name of the facility.' }) @Property() name!: string;
  @Field(() => String, { nullable: true, description: 'Free description of the facility.' }) @Property({ type: 'text', nullable: true }) description?: string | null;
  @Field(() => Contacts, { description: 'Contact channels of the facility.' }) @Property({ type: 'json' }) contacts!: Contacts;
  @Field(() => Address, { nullable: true, description: 'Where the facility is.' }) @Property({ type: 'json', nullable: true }) address?: Address | null;
  @Field({ description: 'IANA time zone of the facility (its stamps and opening hours are in it).' }) @Property() timezone!: string;
  @Field({ description: 'Service level, an upper-case identifier the LSP chooses (open vocabulary, default STANDARD).' }) @Property() level!: string;
  @Field(() => OperatingMode, { description: 'How the facility keeps its hours.' }) @Property() operatingMode!: OperatingMode;
  @Field(() => [OperatingHour], { description: 'Opening hours, at most one entry per day.' }) @Property({ type: 'json' }) operatingHours!: OperatingHour[];
  @Field({ description: 'Whether the facility is mirrored to a digital twin.' }) @Property() digitalTwinSync!: boolean;
  @Field(() => FacilityStatus, { description: 'Whether the facility is offered: ACTIVE, INACTIVE (withdrawn) or MAINTENANCE (temporarily not offered).' })
  @Property({ type: 'text' })
  status: FacilityStatus = 'ACTIVE';
  @Field(() => [String], { description: 'What the facility can handle: upper-case identifiers the LSP chooses (open vocabulary, e.g. COLD_CHAIN, HAZMAT, BONDED, CROSS_DOCK), each once; at most 30.' })
  @Property({ type: 'json' })
  capabilities: string[] = [];
  @Field(() => [FacilityCapacity], { description: 'Capacities of the facility, one entry per type, at most 20 (replaced whole on update).' })
  @Property({ type: 'json' })
  capacities: FacilityCapacity[] = [];
  @Field(() => Date, { nullable: true, description: 'When the capacities were last set (by a creation or an update that gave them); null when never given.' })
  @Property({ type: 'datetime', nullable: true })
  capacitiesUpdatedAt?: Date | null = null;
}

/** What a facility entity declares optional for `em.create`, beside the record's own (records.ts `LspRecordOptional`). */
export type FacilityOptional = 'description' | 'address' | 'status' | 'capabilities' | 'capacities' | 'capacitiesUpdatedAt';

@InputType({ description: 'The facility create body (fleet, warehouse, hub).' })
export class FacilityInput {
  @Field({ description: 'Facility type: an upper-case identifier of 1–40 (letters, digits, _) the LSP chooses; an open vocabulary.' }) @Matches(IDENT, IDENT_MSG) type!: string;
  @Field({ description: 'Your code for the facility (1–40: letters, digits, - and _), unique per LSP and kind.' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, { message: 'must be 1–40 letters, digits, - or _' })
  code!: string;
  @Field({ description: 'Name of the facility (1–120 characters).' }) @Length(1, 120) name!: string;
  @Field({ nullable: true, description: 'Free description (at most 2,000 characters).' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'Contact channels (default none).' }) @IsOptional() @ValidateNested() contacts?: ContactsInput;
  @Field(() => AddressInput, { nullable: true, description: 'Where the facility is.' }) @IsOptional() @ValidateNested() @Nullable() address?: AddressInput;
  @Field({ description: 'IANA time zone of the facility (e.g. Africa/Nairobi).' }) @IsTimeZone({ message: 'must be an IANA time zone name' }) timezone!: string;
  @Field({ nullable: true, description: 'Service level: an upper-case identifier of 1–40 (default STANDARD); an open vocabulary.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) level?: string;
  @Field(() => OperatingMode, { nullable: true, description: 'How the facility keeps its hours (default SCHEDULED).' }) @IsOptional() operatingMode?: OperatingMode;
  @Field(() => [OperatingHourInput], { nullable: true, description: 'Opening hours, at most one entry per day (default none).' })
  @IsOptional()
  @ArrayMaxSize(7)
  @ValidateNested({ each: true })
  operatingHours?: OperatingHourInput[];
  @Field({ nullable: true, description: 'Mirror the facility to a digital twin (default false).' }) @IsOptional() digitalTwinSync?: boolean;
  @Field(() => FacilityStatus, { nullable: true, description: 'Whether the facility is offered (default ACTIVE).' }) @IsOptional() status?: FacilityStatus;
  @Field(() => [String], {
    nullable: true,
    description:
      'What the facility can handle: at most 30 upper-case identifiers of 1–40 the LSP chooses (e.g. COLD_CHAIN, HAZMAT, BONDED, CROSS_DOCK; an open vocabulary), kept once each (default none).',
  })
  @IsOptional()
  @ArrayMaxSize(MAX_CAPABILITIES)
  @Matches(IDENT, CAPABILITY_MSG)
  capabilities?: string[];
  @Field(() => [FacilityCapacityInput], { nullable: true, description: 'Capacities, at most 20, one entry per type (default none).' })
  @IsOptional()
  @ArrayMaxSize(MAX_CAPACITIES)
  @ValidateNested({ each: true })
  capacities?: FacilityCapacityInput[];
}

@InputType({ description: 'Facility changes; omitted fields keep their value (contacts, address, operatingHours, capabilities and capacities are replaced whole).' })
export class FacilityUpdateInput {
  @Field({ nullable: true, description: 'Facility type: an upper-case identifier of 1–40; an open vocabulary.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) type?: string;
  @Field({ nullable: true, description: 'Name of the facility (1–120 characters).' }) @IsOptional() @Length(1, 120) name?: string;
  @Field({ nullable: true, description: 'Free description (at most 2,000 characters; null clears it).' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'Contact channels (replaced whole).' }) @IsOptional() @ValidateNested() contacts?: ContactsInput;
  @Field(() => AddressInput, { nullable: true, description: 'Where the facility is (replaced whole; null clears it).' }) @IsOptional() @ValidateNested() @Nullable() address?: AddressInput;
  @Field({ nullable: true, description: 'IANA time zone of the facility.' }) @IsOptional() @IsTimeZone({ message: 'must be an IANA time zone name' }) timezone?: string;
  @Field({ nullable: true, description: 'Service level: an upper-case identifier of 1–40; an open vocabulary.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) level?: string;
  @Field(() => OperatingMode, { nullable: true, description: 'How the facility keeps its hours.' }) @IsOptional() operatingMode?: OperatingMode;
  @Field(() => [OperatingHourInput], { nullable: true, description: 'Opening hours (replaced whole), at most one entry per day.' })
  @IsOptional()
  @ArrayMaxSize(7)
  @ValidateNested({ each: true })
  operatingHours?: OperatingHourInput[];
  @Field({ nullable: true, description: 'Mirror the facility to a digital twin.' }) @IsOptional() digitalTwinSync?: boolean;
  @Field(() => FacilityStatus, { nullable: true, description: 'Whether the facility is offered; any status may follow any other.' }) @IsOptional() status?: FacilityStatus;
  @Field(() => [String], {
    nullable: true,
    description: 'What the facility can handle (replaced whole; [] clears them): at most 30 upper-case identifiers of 1–40, kept once each; an open vocabulary.',
  })
  @IsOptional()
  @ArrayMaxSize(MAX_CAPABILITIES)
  @Matches(IDENT, CAPABILITY_MSG)
  capabilities?: string[];
  @Field(() => [FacilityCapacityInput], { nullable: true, description: 'Capacities (replaced whole; [] clears them), at most 20, one entry per type.' })
  @IsOptional()
  @ArrayMaxSize(MAX_CAPACITIES)
  @ValidateNested({ each: true })
  capacities?: FacilityCapacityInput[];
}

/** Checks what decorators cannot: one entry per day, open/close given unless closed, coordinates in range. */
export function checkFacility(input: FacilityInput | FacilityUpdateInput): OperatingHour[] | undefined {
  checkCoordinates(input.address, 'address.coordinates');
  if (!input.operatingHours) return undefined;
  const seen = new Set<DayOfWeek>();
  return input.operatingHours.map((h, i) => {
    if (seen.has(h.dayOfWeek)) throw validationError(`operatingHours.${i}.dayOfWeek`, `${h.dayOfWeek} is given twice`);
    seen.add(h.dayOfWeek);
    const isClosed = h.isClosed ?? false;
    if (!isClosed && (!h.openTime || !h.closeTime)) throw validationError(`operatingHours.${i}`, 'openTime and closeTime are required unless isClosed');
    if (!isClosed && h.openTime === h.closeTime) throw validationError(`operatingHours.${i}.closeTime`, 'must differ from openTime');
    return { dayOfWeek: h.dayOfWeek, openTime: isClosed ? null : h.openTime!, closeTime: isClosed ? null : h.closeTime!, isClosed };
  });
}

/** `a` is more than `b`, beyond the rounding of binary fractions (0.1 + 0.2 is not more than 0.3). */
const exceeds = (a: number, b: number) => a - b > 1e-9 * Math.max(1, Math.abs(b));

/**
 * The capacities as stored, checked beyond what decorators can: one entry per type, `used` within `total`, `reserved`
 * within what is not used (400 naming `capacities.<i>.<field>`); `reserved` 0 when not given.
 */
export function capacitiesOf(list: FacilityCapacityInput[] | undefined): FacilityCapacity[] | undefined {
  if (!list) return undefined;
  const seen = new Set<string>();
  return list.map((c, i) => {
    if (seen.has(c.type)) throw validationError(`capacities.${i}.type`, `${c.type} is given twice`);
    seen.add(c.type);
    if (exceeds(c.used, c.total)) throw validationError(`capacities.${i}.used`, 'must not exceed total');
    const reserved = c.reserved ?? 0;
    if (exceeds(c.used + reserved, c.total)) throw validationError(`capacities.${i}.reserved`, 'must not exceed total − used');
    return { type: c.type, total: c.total, used: c.used, reserved, unit: c.unit };
  });
}

/** Applies the facility body to a new or existing record. */
export function applyFacility(target: Facility, input: FacilityInput | FacilityUpdateInput, creating: boolean): void {
  const hours = checkFacility(input);
  const capacities = capacitiesOf(input.capacities);
  const i = input as FacilityInput;
  if (creating) {
    target.code = i.code;
    target.level = i.level ?? 'STANDARD';
    target.operatingMode = i.operatingMode ?? 'SCHEDULED';
    target.operatingHours = hours ?? [];
    target.digitalTwinSync = i.digitalTwinSync ?? false;
    target.contacts = { emails: i.contacts?.emails ?? [], phones: i.contacts?.phones ?? [] };
    target.address = storedAddress(i.address);
    target.description = i.description ?? null;
    target.status = i.status ?? 'ACTIVE';
    target.capabilities = [...new Set(i.capabilities ?? [])];
    target.capacities = [];
    target.capacitiesUpdatedAt = null;
  } else {
    if (input.level !== undefined) target.level = input.level;
    if (input.operatingMode !== undefined) target.operatingMode = input.operatingMode;
    if (hours) target.operatingHours = hours;
    if (input.digitalTwinSync !== undefined) target.digitalTwinSync = input.digitalTwinSync;
    if (input.contacts !== undefined) target.contacts = { emails: input.contacts.emails ?? [], phones: input.contacts.phones ?? [] };
    if (input.address !== undefined) target.address = storedAddress(input.address);
    if (input.description !== undefined) target.description = input.description;
    if (input.status !== undefined) target.status = input.status;
    if (input.capabilities !== undefined) target.capabilities = [...new Set(input.capabilities)];
  }
  if (capacities) {
    target.capacities = capacities;
    target.capacitiesUpdatedAt = nowDate();
  }
  if (input.type !== undefined) target.type = input.type;
  if (input.name !== undefined) target.name = input.name.trim();
  if (input.timezone !== undefined) target.timezone = input.timezone;
}
