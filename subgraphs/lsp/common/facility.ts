import { Property } from '@mikro-orm/decorators/legacy';
import { Field, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsBoolean, IsOptional, IsTimeZone, Length, Matches, ValidateNested } from 'class-validator';
import { Address, AddressInput, Contacts, ContactsInput, checkCoordinates, storedAddress } from '../../../kernel/graphql-types.js';
import { validationError } from '../../../kernel/errors.js';
import { LspRecord } from './records.js';
import { Nullable } from '../../../kernel/validation.js';
import { DayOfWeek, OperatingMode } from './enums.js';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An open vocabulary of upper-case identifiers (docs/lsp.md, "Limits"): the LSP names its own types and levels. */
export const IDENT = /^[A-Z0-9][A-Z0-9_]{0,39}$/;
const IDENT_MSG = { message: 'must be an upper-case identifier such as STANDARD' };

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
}

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
}

@InputType({ description: 'Facility changes; omitted fields keep their value (contacts, address and operatingHours are replaced whole).' })
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

/** Applies the facility body to a new or existing record. */
export function applyFacility(target: Facility, input: FacilityInput | FacilityUpdateInput, creating: boolean): void {
  const hours = checkFacility(input);
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
  } else {
    if (input.level !== undefined) target.level = input.level;
    if (input.operatingMode !== undefined) target.operatingMode = input.operatingMode;
    if (hours) target.operatingHours = hours;
    if (input.digitalTwinSync !== undefined) target.digitalTwinSync = input.digitalTwinSync;
    if (input.contacts !== undefined) target.contacts = { emails: input.contacts.emails ?? [], phones: input.contacts.phones ?? [] };
    if (input.address !== undefined) target.address = storedAddress(input.address);
    if (input.description !== undefined) target.description = input.description;
  }
  if (input.type !== undefined) target.type = input.type;
  if (input.name !== undefined) target.name = input.name.trim();
  if (input.timezone !== undefined) target.timezone = input.timezone;
}
