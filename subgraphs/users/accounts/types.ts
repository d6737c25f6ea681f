import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Equals, IsLocale, IsOptional, IsTimeZone, IsUrl, Length, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { closedList } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';

export const UserType = closedList('UserType', 'What a user does on the platform (chosen at registration).', {
  client: 'A customer who orders deliveries (the default).',
  agent: 'A driver or courier who carries deliveries for a logistics service provider.',
  lsp: 'Someone who runs a logistics service provider: fleets, warehouses, hubs and agents.',
  csp: 'Someone who runs a client service provider: a shop or marketplace whose customers order deliveries.',
  dev: 'A developer who builds integrations on the platform.',
});
export type UserType = keyof typeof UserType;

@ObjectType({ description: "A user's language, time zone and notification preference." })
export class UserMetadata {
  @Field({ description: 'Preferred language, a BCP 47 tag (e.g. `en` or `fr-CA`; default `en`).' }) language!: string;
  @Field({ description: 'Time zone, an IANA name (e.g. `Africa/Nairobi`; default `UTC`).' }) timezone!: string;
  @Field({ description: 'Whether the user wants notifications at all (default true); the channels are in the notification settings.' }) notifications!: boolean;
}

@InputType({ description: 'Changes to the language, time zone and notification preference; omitted fields keep their value.' })
export class UserMetadataInput {
  @Field({ nullable: true, description: 'Preferred language, a BCP 47 tag.' })
  @IsOptional()
  @IsLocale({ message: 'must be a language tag such as en or fr-CA' })
  language?: string;
  @Field({ nullable: true, description: 'Time zone, an IANA name.' })
  @IsOptional()
  @IsTimeZone({ message: 'must be an IANA time zone name' })
  timezone?: string;
  @Field({ nullable: true, description: 'Whether the user wants notifications at all.' })
  notifications?: boolean;
}

@InputType({ description: "A change of the signed-in user's profile; omitted fields keep their value." })
export class UpdateProfileInput {
  @Field({ nullable: true, description: 'Display name, 1 to 100 characters (trimmed).' })
  @IsOptional()
  @Length(1, 100, { message: 'must be 1 to 100 characters' })
  name?: string;
  @Field(() => String, { nullable: true, description: 'Avatar image URL (http or https, at most 2048 characters); null removes it.' })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' })
  @MaxLength(2048)
  @Nullable()
  avatar?: string | null;
  @Field(() => String, { nullable: true, description: 'Self-description for the public profile, at most 500 characters; null removes it.' })
  @IsOptional()
  @MaxLength(500)
  @Nullable()
  bio?: string | null;
  @Field(() => UserMetadataInput, { nullable: true, description: 'Changes to the language, time zone and notification preference.' })
  @IsOptional()
  @ValidateNested()
  metadata?: UserMetadataInput;
}

@ObjectType({ description: 'The public part of a profile: what the user tells about themselves, and their record.' })
export class PublicProfile {
  @Field(() => String, { nullable: true, description: 'Self-description, at most 500 characters; null when none.' }) bio?: string | null;
  @Field(() => Float, { nullable: true, description: 'Average rating from 0 to 5; null until the user is rated.' }) rating?: number | null;
  @Field(() => Int, { description: 'Number of deliveries the user completed.' }) completedDeliveries!: number;
}

@ObjectType({ description: 'Another user as every signed-in user may see them: never their e-mail address or phone number.' })
export class PublicUser {
  @Field(() => ID, { description: "The user's identifier (their `User.id`)." }) id!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Avatar image URL; null when none.' }) avatar?: string | null;
  @Field(() => UserType, { description: 'What the user does on the platform.' }) userType!: UserType;
  @Field({ description: "Whether the user's identity verification was approved." }) verified!: boolean;
  @Field(() => PublicProfile, { description: 'The public profile: self-description, rating, deliveries.' }) public!: PublicProfile;
}

@ObjectType({
  description: 'A window of a user search, by offset (the REST search pages by `offset`, so the graph does too): the users found and where the window sits.',
})
export class UserSearchResult {
  @Field(() => [PublicUser], { description: 'The users of this window, ordered by name (then identifier).' }) users!: PublicUser[];
  @Field(() => Int, { description: 'Number of users found in all.' }) total!: number;
  @Field(() => Int, { description: 'Window size used: 1 to 100 (default 20).' }) limit!: number;
  @Field(() => Int, { description: 'Users skipped before this window (default 0).' }) offset!: number;
}

@ObjectType({ description: 'The outcome of an avatar upload.' })
export class AvatarUpload {
  @Field({ description: "Public URL of the stored image, now the user's avatar." }) avatarUrl!: string;
  @Field({ description: 'What happened, in words for people.' }) message!: string;
}

@InputType({ description: 'The confirmation an account deletion needs.' })
export class DeleteAccountInput {
  @Field({ description: "The account's current password." }) @MinLength(1, { message: 'is required' }) password!: string;
  @Field({ description: 'Must be the literal `DELETE_MY_ACCOUNT`.' })
  @Equals('DELETE_MY_ACCOUNT', { message: 'must equal DELETE_MY_ACCOUNT' })
  confirmation!: string;
}

@ObjectType({ description: 'A scheduled account deletion.' })
export class AccountDeletion {
  @Field({ description: 'What happened, in words for people.' }) message!: string;
  @Field({ description: 'When the account and its data will be removed: 30 days after the request.' }) deletionDate!: Date;
}
