import { Field, ID, InputType, Int, ObjectType, Float } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import {
  Equals, IsEmail, IsOptional, IsUrl, Length, Matches, MaxLength, MinLength, IsTimeZone, IsLocale, ValidateNested,
} from 'class-validator';
import { DocumentType, ProfileVisibility, UserType } from './enums.js';
import { Nullable } from '../../kernel/validation.js';

const E164 = /^\+[1-9]\d{6,14}$/;

@ObjectType({ description: 'Language, time zone and notification preference of a user.' })
export class UserMetadata {
  @Field({ description: 'Preferred language (BCP 47 tag, e.g. `en` or `fr-CA`).' }) language!: string;
  @Field({ description: 'IANA time zone name.' }) timezone!: string;
  @Field({ description: 'Whether notifications are wanted at all.' }) notifications!: boolean;
}

@InputType({ description: 'Language, time zone and notification preference; omitted fields keep their value.' })
export class UserMetadataInput {
  @Field({ nullable: true, description: 'Preferred language (BCP 47 tag).' })
  @IsOptional() @IsLocale({ message: 'must be a language tag such as en or fr-CA' })
  language?: string;
  @Field({ nullable: true, description: 'IANA time zone name.' })
  @IsOptional() @IsTimeZone({ message: 'must be an IANA time zone name' })
  timezone?: string;
  @Field({ nullable: true, description: 'Whether notifications are wanted at all.' })
  notifications?: boolean;
}

@ObjectType({ description: 'E-mail notification switches.' })
export class EmailNotificationSettings {
  @Field({ description: 'E-mail channel on.' }) enabled!: boolean;
  @Field({ description: 'Order status e-mails.' }) orderUpdates!: boolean;
  @Field({ description: 'Marketing e-mails.' }) marketing!: boolean;
  @Field({ description: 'Security e-mails.' }) security!: boolean;
}
@ObjectType({ description: 'Push notification switches.' })
export class PushNotificationSettings {
  @Field({ description: 'Push channel on.' }) enabled!: boolean;
  @Field({ description: 'Order status pushes.' }) orderUpdates!: boolean;
  @Field({ description: 'Message pushes.' }) messages!: boolean;
}
@ObjectType({ description: 'SMS notification switches.' })
export class SmsNotificationSettings {
  @Field({ description: 'SMS channel on.' }) enabled!: boolean;
  @Field({ description: 'Order status SMS.' }) orderUpdates!: boolean;
}
@ObjectType({ description: 'Notification settings of the signed-in user.' })
export class NotificationSettings {
  @Field(() => EmailNotificationSettings, { description: 'E-mail channel.' }) email!: EmailNotificationSettings;
  @Field(() => PushNotificationSettings, { description: 'Push channel.' }) push!: PushNotificationSettings;
  @Field(() => SmsNotificationSettings, { description: 'SMS channel.' }) sms!: SmsNotificationSettings;
}

export const defaultNotificationSettings = (): NotificationSettings => ({
  email: { enabled: true, orderUpdates: true, marketing: false, security: true },
  push: { enabled: true, orderUpdates: true, messages: true },
  sms: { enabled: false, orderUpdates: false },
});

@InputType({ description: 'E-mail notification switches; omitted fields keep their value.' })
export class EmailNotificationSettingsInput {
  @Field({ nullable: true, description: 'E-mail channel on.' }) enabled?: boolean;
  @Field({ nullable: true, description: 'Order status e-mails.' }) orderUpdates?: boolean;
  @Field({ nullable: true, description: 'Marketing e-mails.' }) marketing?: boolean;
  @Field({ nullable: true, description: 'Security e-mails.' }) security?: boolean;
}
@InputType({ description: 'Push notification switches; omitted fields keep their value.' })
export class PushNotificationSettingsInput {
  @Field({ nullable: true, description: 'Push channel on.' }) enabled?: boolean;
  @Field({ nullable: true, description: 'Order status pushes.' }) orderUpdates?: boolean;
  @Field({ nullable: true, description: 'Message pushes.' }) messages?: boolean;
}
@InputType({ description: 'SMS notification switches; omitted fields keep their value.' })
export class SmsNotificationSettingsInput {
  @Field({ nullable: true, description: 'SMS channel on.' }) enabled?: boolean;
  @Field({ nullable: true, description: 'Order status SMS.' }) orderUpdates?: boolean;
}
@InputType({ description: 'A partial update of the notification settings.' })
export class NotificationSettingsInput {
  @Field(() => EmailNotificationSettingsInput, { nullable: true, description: 'E-mail channel.' }) email?: EmailNotificationSettingsInput;
  @Field(() => PushNotificationSettingsInput, { nullable: true, description: 'Push channel.' }) push?: PushNotificationSettingsInput;
  @Field(() => SmsNotificationSettingsInput, { nullable: true, description: 'SMS channel.' }) sms?: SmsNotificationSettingsInput;
}

@ObjectType({ description: 'Privacy settings of the signed-in user.' })
export class PrivacySettings {
  @Field(() => ProfileVisibility, { description: 'Who may see the public profile.' }) profileVisibility!: ProfileVisibility;
  @Field({ description: 'Whether others may find the user by e-mail in search.' }) showEmail!: boolean;
  @Field({ description: 'Whether others may find the user by phone in search.' }) showPhone!: boolean;
  @Field({ description: 'Whether others may message the user.' }) allowMessages!: boolean;
  @Field({ description: 'Whether the user shares their location.' }) shareLocation!: boolean;
}
@InputType({ description: 'A partial update of the privacy settings.' })
export class PrivacySettingsInput {
  @Field(() => ProfileVisibility, { nullable: true, description: 'Who may see the public profile.' }) profileVisibility?: ProfileVisibility;
  @Field({ nullable: true, description: 'Whether others may find the user by e-mail in search.' }) showEmail?: boolean;
  @Field({ nullable: true, description: 'Whether others may find the user by phone in search.' }) showPhone?: boolean;
  @Field({ nullable: true, description: 'Whether others may message the user.' }) allowMessages?: boolean;
  @Field({ nullable: true, description: 'Whether the user shares their location.' }) shareLocation?: boolean;
}

@ObjectType({ description: 'Display preferences.' })
export class Preferences {
  @Field(() => String, { nullable: true, description: 'UI theme.' }) theme?: string;
  @Field(() => String, { nullable: true, description: 'Map style.' }) mapStyle?: string;
  @Field(() => String, { nullable: true, description: 'Unit system.' }) units?: string;
}
@InputType({ description: 'Display preferences; omitted fields keep their value, null clears one.' })
export class PreferencesInput {
  @Field(() => String, { nullable: true, description: 'UI theme.' }) @IsOptional() @MaxLength(64) @Nullable() theme?: string | null;
  @Field(() => String, { nullable: true, description: 'Map style.' }) @IsOptional() @MaxLength(64) @Nullable() mapStyle?: string | null;
  @Field(() => String, { nullable: true, description: 'Unit system.' }) @IsOptional() @MaxLength(64) @Nullable() units?: string | null;
}
@ObjectType({ description: 'Custom metadata of the signed-in user.' })
export class CustomMetadata {
  @Field(() => Preferences, { description: 'Display preferences.' }) preferences!: Preferences;
  @Field(() => GraphQLJSONObject, { description: 'Free keys; values are strings or objects of strings, at most 3 levels deep.' })
  customFields!: Record<string, unknown>;
}
@InputType({ description: 'A partial update of the custom metadata: keys given replace, a null value removes a key.' })
export class CustomMetadataInput {
  @Field(() => PreferencesInput, { nullable: true, description: 'Display preferences.' })
  @IsOptional() @ValidateNested()
  preferences?: PreferencesInput;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Free keys; string values only, at most 3 levels deep, 10 KB in all.' })
  customFields?: Record<string, unknown>;
}

@ObjectType({ description: 'Public part of a profile.' })
export class PublicProfile {
  @Field(() => String, { nullable: true, description: 'Self-description.' }) bio?: string | null;
  @Field(() => Float, { nullable: true, description: 'Average rating (0–5), null until rated.' }) rating?: number | null;
  @Field(() => Int, { description: 'Deliveries completed.' }) completedDeliveries!: number;
}
@ObjectType({ description: 'Another user as the public sees them: never e-mail or phone.' })
export class PublicUser {
  @Field(() => ID, { description: 'User identifier.' }) id!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Avatar URL.' }) avatar?: string | null;
  @Field(() => UserType, { description: 'Kind of user.' }) userType!: UserType;
  @Field({ description: 'Identity verified.' }) verified!: boolean;
  @Field(() => PublicProfile, { description: 'Public profile details.' }) public!: PublicProfile;
}
@ObjectType({ description: 'One user found by search.' })
export class UserSearchItem {
  @Field(() => ID, { description: 'User identifier.' }) id!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Avatar URL.' }) avatar?: string | null;
  @Field(() => UserType, { description: 'Kind of user.' }) userType!: UserType;
  @Field({ description: 'Identity verified.' }) verified!: boolean;
}
@ObjectType({ description: 'A page of search results.' })
export class UserSearchResult {
  @Field(() => [UserSearchItem], { description: 'Matching users.' }) users!: UserSearchItem[];
  @Field(() => Int, { description: 'All matches.' }) total!: number;
  @Field(() => Int, { description: 'Page size used.' }) limit!: number;
  @Field(() => Int, { description: 'Offset used.' }) offset!: number;
}

@InputType({ description: 'A new account.' })
export class RegisterInput {
  @Field({ description: 'E-mail address (used to sign in).' })
  @IsEmail({}, { message: 'must be a valid e-mail address' }) @MaxLength(254)
  email!: string;
  @Field({ description: 'Password: 8 to 128 characters.' })
  @Length(8, 128, { message: 'must be 8 to 128 characters' })
  password!: string;
  @Field({ description: 'Display name.' })
  @Length(1, 100, { message: 'must be 1 to 100 characters' })
  name!: string;
  @Field(() => String, { nullable: true, description: 'Phone number in E.164 form (+ and digits).' })
  @IsOptional() @Matches(E164, { message: 'must be in E.164 form, e.g. +254700000000' })
  @Nullable() phone?: string;
  @Field(() => UserType, { nullable: true, description: 'Kind of user; defaults to client.' })
  userType?: UserType;
  @Field(() => String, { nullable: true, description: 'Identifier of the registering device; the session\'s tokens are bound to it.' })
  @IsOptional() @MaxLength(128) @Nullable() deviceId?: string;
}
@InputType({ description: 'Credentials to sign in.' })
export class LoginInput {
  @Field({ description: 'E-mail address.' }) @IsEmail({}, { message: 'must be a valid e-mail address' }) email!: string;
  @Field({ description: 'Password.' }) @MinLength(1, { message: 'is required' }) @MaxLength(128) password!: string;
  @Field(() => String, { nullable: true, description: 'Identifier of the signing-in device; recorded on the session.' })
  @IsOptional() @MaxLength(128) @Nullable() deviceId?: string;
}
@ObjectType({ description: 'A signed-in device.' })
export class SessionInfo {
  @Field(() => ID, { description: 'Session identifier.' }) id!: string;
  @Field(() => String, { nullable: true, description: 'Device identifier given at login.' }) deviceId?: string | null;
  @Field(() => String, { nullable: true, description: 'User agent seen at login.' }) userAgent?: string | null;
  @Field({ description: 'Sign-in time.' }) createdAt!: Date;
  @Field({ description: 'Last refresh.' }) lastUsedAt!: Date;
  @Field({ description: 'When the refresh token expires.' }) expiresAt!: Date;
  @Field({ description: 'Whether this is the session of the calling token.' }) current!: boolean;
}

@InputType({ description: 'A profile update; omitted fields keep their value.' })
export class UpdateProfileInput {
  @Field({ nullable: true, description: 'Display name.' })
  @IsOptional() @Length(1, 100, { message: 'must be 1 to 100 characters' })
  name?: string;
  @Field(() => String, { nullable: true, description: 'Avatar URL (https); null removes it.' })
  @IsOptional() @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' }) @MaxLength(2048)
  @Nullable() avatar?: string | null;
  @Field(() => String, { nullable: true, description: 'Self-description for the public profile; null removes it.' })
  @IsOptional() @MaxLength(500)
  @Nullable() bio?: string | null;
  @Field(() => UserMetadataInput, { nullable: true, description: 'Language, time zone and notification preference.' })
  @IsOptional() @ValidateNested()
  metadata?: UserMetadataInput;
}
@ObjectType({ description: 'Result of an avatar upload.' })
export class AvatarUpload {
  @Field({ description: 'URL of the stored image.' }) avatarUrl!: string;
  @Field({ description: 'Human-readable outcome.' }) message!: string;
}
@InputType({ description: 'An identity verification submission.' })
export class VerificationInput {
  @Field(() => DocumentType, { description: 'Kind of document.' }) documentType!: DocumentType;
  @Field(() => GraphQLUpload, { description: 'Front of the document (image or PDF).' }) documentFront!: Promise<FileUpload>;
  @Field(() => GraphQLUpload, { nullable: true, description: 'Back of the document; optional for passports only.' }) @Nullable() documentBack?: Promise<FileUpload>;
  @Field(() => GraphQLUpload, { description: 'Selfie (image).' }) selfie!: Promise<FileUpload>;
}
@ObjectType({ description: 'A received verification submission.' })
export class VerificationSubmission {
  @Field(() => ID, { description: 'Submission identifier.' }) verificationId!: string;
  @Field({ description: 'Review status: `pending` on submission.' }) status!: string;
  @Field({ description: 'Human-readable outcome.' }) message!: string;
}
@InputType({ description: 'Confirmation of account deletion.' })
export class DeleteAccountInput {
  @Field({ description: 'Current password.' }) @MinLength(1, { message: 'is required' }) password!: string;
  @Field({ description: 'Must be the literal DELETE_MY_ACCOUNT.' })
  @Equals('DELETE_MY_ACCOUNT', { message: 'must equal DELETE_MY_ACCOUNT' })
  confirmation!: string;
}
@ObjectType({ description: 'A scheduled account deletion.' })
export class AccountDeletion {
  @Field({ description: 'Human-readable outcome.' }) message!: string;
  @Field({ description: 'When the data will be removed (ISO 8601).' }) deletionDate!: Date;
}

