import { Field, InputType, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { IsOptional, MaxLength, ValidateNested } from 'class-validator';
import { closedList } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';

export const ProfileVisibility = closedList('ProfileVisibility', "Who may see a user's public profile (and find them in search).", {
  public: 'Every signed-in user may see the profile and find it in search (the default).',
  friends: "Only the user's connections may; the platform has no connection graph yet, so nobody else sees it (as private).",
  private: 'Nobody but the user: the profile is not found for others, and a reference to the user resolves to null.',
});
export type ProfileVisibility = keyof typeof ProfileVisibility;

@ObjectType({ description: "The e-mail channel of a user's notifications." })
export class EmailNotificationSettings {
  @Field({ description: 'Whether the user receives e-mail at all (default true).' }) enabled!: boolean;
  @Field({ description: 'Whether order status changes are e-mailed (default true).' }) orderUpdates!: boolean;
  @Field({ description: 'Whether marketing e-mails are sent (default false).' }) marketing!: boolean;
  @Field({ description: 'Whether security notices (sign-ins, password changes) are e-mailed (default true).' }) security!: boolean;
}
@ObjectType({ description: "The push channel of a user's notifications (mobile and browser)." })
export class PushNotificationSettings {
  @Field({ description: 'Whether the user receives push notifications at all (default true).' }) enabled!: boolean;
  @Field({ description: 'Whether order status changes are pushed (default true).' }) orderUpdates!: boolean;
  @Field({ description: 'Whether new messages are pushed (default true).' }) messages!: boolean;
}
@ObjectType({ description: "The SMS channel of a user's notifications." })
export class SmsNotificationSettings {
  @Field({ description: 'Whether the user receives SMS at all (default false).' }) enabled!: boolean;
  @Field({ description: 'Whether order status changes are sent by SMS (default false).' }) orderUpdates!: boolean;
}
@ObjectType({ description: 'Which notifications a user receives, channel by channel.' })
export class NotificationSettings {
  @Field(() => EmailNotificationSettings, { description: 'The e-mail channel.' }) email!: EmailNotificationSettings;
  @Field(() => PushNotificationSettings, { description: 'The push channel.' }) push!: PushNotificationSettings;
  @Field(() => SmsNotificationSettings, { description: 'The SMS channel.' }) sms!: SmsNotificationSettings;
}

@InputType({ description: 'Changes to the e-mail channel; omitted switches keep their value.' })
export class EmailNotificationSettingsInput {
  @Field({ nullable: true, description: 'Whether the user receives e-mail at all.' }) enabled?: boolean;
  @Field({ nullable: true, description: 'Whether order status changes are e-mailed.' }) orderUpdates?: boolean;
  @Field({ nullable: true, description: 'Whether marketing e-mails are sent.' }) marketing?: boolean;
  @Field({ nullable: true, description: 'Whether security notices are e-mailed.' }) security?: boolean;
}
@InputType({ description: 'Changes to the push channel; omitted switches keep their value.' })
export class PushNotificationSettingsInput {
  @Field({ nullable: true, description: 'Whether the user receives push notifications at all.' }) enabled?: boolean;
  @Field({ nullable: true, description: 'Whether order status changes are pushed.' }) orderUpdates?: boolean;
  @Field({ nullable: true, description: 'Whether new messages are pushed.' }) messages?: boolean;
}
@InputType({ description: 'Changes to the SMS channel; omitted switches keep their value.' })
export class SmsNotificationSettingsInput {
  @Field({ nullable: true, description: 'Whether the user receives SMS at all.' }) enabled?: boolean;
  @Field({ nullable: true, description: 'Whether order status changes are sent by SMS.' }) orderUpdates?: boolean;
}
@InputType({ description: 'A partial change of the notification settings: only the channels and switches given change.' })
export class NotificationSettingsInput {
  @Field(() => EmailNotificationSettingsInput, { nullable: true, description: 'Changes to the e-mail channel.' }) email?: EmailNotificationSettingsInput;
  @Field(() => PushNotificationSettingsInput, { nullable: true, description: 'Changes to the push channel.' }) push?: PushNotificationSettingsInput;
  @Field(() => SmsNotificationSettingsInput, { nullable: true, description: 'Changes to the SMS channel.' }) sms?: SmsNotificationSettingsInput;
}

@ObjectType({ description: 'What a user shows of themselves to other users.' })
export class PrivacySettings {
  @Field(() => ProfileVisibility, { description: 'Who may see the public profile (default public).' }) profileVisibility!: ProfileVisibility;
  @Field({ description: 'Whether others may find the user by e-mail address in search (default false); the address itself is never shown.' }) showEmail!: boolean;
  @Field({ description: 'Whether others may find the user by phone number in search (default false); the number itself is never shown.' }) showPhone!: boolean;
  @Field({ description: 'Whether other users may send the user messages (default true).' }) allowMessages!: boolean;
  @Field({ description: 'Whether the user shares their location (default false).' }) shareLocation!: boolean;
}
@InputType({ description: 'A partial change of the privacy settings: only the settings given change.' })
export class PrivacySettingsInput {
  @Field(() => ProfileVisibility, { nullable: true, description: 'Who may see the public profile.' }) profileVisibility?: ProfileVisibility;
  @Field({ nullable: true, description: 'Whether others may find the user by e-mail address in search.' }) showEmail?: boolean;
  @Field({ nullable: true, description: 'Whether others may find the user by phone number in search.' }) showPhone?: boolean;
  @Field({ nullable: true, description: 'Whether other users may send the user messages.' }) allowMessages?: boolean;
  @Field({ nullable: true, description: 'Whether the user shares their location.' }) shareLocation?: boolean;
}

@ObjectType({ description: 'How the user likes the applications to look; free text the applications agree on.' })
export class Preferences {
  @Field(() => String, { nullable: true, description: 'Interface theme (e.g. `dark`), at most 64 characters; null when unset.' }) theme?: string;
  @Field(() => String, { nullable: true, description: 'Map style (e.g. `satellite`), at most 64 characters; null when unset.' }) mapStyle?: string;
  @Field(() => String, { nullable: true, description: 'Unit system (e.g. `metric`), at most 64 characters; null when unset.' }) units?: string;
}
@InputType({ description: 'Changes to the display preferences; omitted fields keep their value, null clears one.' })
export class PreferencesInput {
  @Field(() => String, { nullable: true, description: 'Interface theme, at most 64 characters; null clears it.' }) @IsOptional() @MaxLength(64) @Nullable() theme?: string | null;
  @Field(() => String, { nullable: true, description: 'Map style, at most 64 characters; null clears it.' }) @IsOptional() @MaxLength(64) @Nullable() mapStyle?: string | null;
  @Field(() => String, { nullable: true, description: 'Unit system, at most 64 characters; null clears it.' }) @IsOptional() @MaxLength(64) @Nullable() units?: string | null;
}
@ObjectType({ description: "Data the applications keep on a user's account: display preferences and free fields." })
export class CustomMetadata {
  @Field(() => Preferences, { description: 'Display preferences.' }) preferences!: Preferences;
  @Field(() => GraphQLJSONObject, { description: 'Free keys; values are strings or objects of strings, at most 3 levels deep, 10 KB in all.' })
  customFields!: Record<string, unknown>;
}
@InputType({ description: 'A partial change of the custom metadata: keys given replace, a null value removes a key.' })
export class CustomMetadataInput {
  @Field(() => PreferencesInput, { nullable: true, description: 'Changes to the display preferences.' })
  @IsOptional()
  @ValidateNested()
  preferences?: PreferencesInput;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Free keys to merge: string values or objects of strings, at most 3 levels deep; null removes a key; 10 KB in all.' })
  customFields?: Record<string, unknown>;
}
