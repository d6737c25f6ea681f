import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsEmail, IsOptional, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { Nullable } from '../../../kernel/validation.js';
import { User } from '../accounts/entities.js';
import { UserType } from '../accounts/types.js';

const E164 = /^\+[1-9]\d{6,14}$/;

@ObjectType({ description: 'What a sign-in (register, login, refresh) issues: the user and a new token pair.' })
export class AuthPayload {
  @Field(() => User, { description: 'The signed-in user, with their owner-only fields.' }) user!: User;
  @Field({ description: 'Short-lived access token (a JWT) for `Authorization: Bearer`.' }) accessToken!: string;
  @Field({ description: 'Refresh token: single use, exchanged for a new pair by `refreshToken`.' }) refreshToken!: string;
  @Field(() => Int, { description: 'Lifetime of the access token, in seconds.' }) expiresIn!: number;
}

@InputType({ description: 'A new account, signed in on the device that registers it.' })
export class RegisterInput {
  @Field({ description: 'E-mail address the user signs in with (case-insensitive, at most 254 characters).' })
  @IsEmail({}, { message: 'must be a valid e-mail address' })
  @MaxLength(254)
  email!: string;
  @Field({ description: 'Password, 8 to 128 characters.' })
  @Length(8, 128, { message: 'must be 8 to 128 characters' })
  password!: string;
  @Field({ description: 'Display name, 1 to 100 characters (trimmed).' })
  @Length(1, 100, { message: 'must be 1 to 100 characters' })
  name!: string;
  @Field(() => String, { nullable: true, description: 'Phone number in E.164 form (`+` and 7 to 15 digits); null for none.' })
  @IsOptional()
  @Matches(E164, { message: 'must be in E.164 form, e.g. +254700000000' })
  @Nullable()
  phone?: string;
  @Field(() => UserType, { nullable: true, description: 'What the user does on the platform (default client).' })
  userType?: UserType;
  @Field(() => String, {
    nullable: true,
    description: "The registering device's own identifier, as the device gives it (kept exactly, case included; at most 128 characters): the session's tokens are bound to it.",
  })
  @IsOptional()
  @MaxLength(128)
  @Nullable()
  deviceId?: string;
}

@InputType({ description: 'The credentials of a sign-in, and the device it opens a session on.' })
export class LoginInput {
  @Field({ description: "The account's e-mail address (case-insensitive)." }) @IsEmail({}, { message: 'must be a valid e-mail address' }) email!: string;
  @Field({ description: "The account's password." }) @MinLength(1, { message: 'is required' }) @MaxLength(128) password!: string;
  @Field(() => String, {
    nullable: true,
    description: "The signing-in device's own identifier, as the device gives it (kept exactly, case included; at most 128 characters): the session's tokens are bound to it.",
  })
  @IsOptional()
  @MaxLength(128)
  @Nullable()
  deviceId?: string;
}

@ObjectType({ description: "A signed-in device of the user: one login and its refresh token's life." })
export class SessionInfo {
  @Field(() => ID, { description: "The session's identifier." }) id!: string;
  @Field(() => String, { nullable: true, description: "The device's own identifier given at sign-in (as the device gave it); null when none." }) deviceId?: string | null;
  @Field(() => String, { nullable: true, description: 'The user agent seen at sign-in; null when none.' }) userAgent?: string | null;
  @Field({ description: 'When the user signed in.' }) createdAt!: Date;
  @Field({ description: 'When the session last refreshed its tokens.' }) lastUsedAt!: Date;
  @Field({ description: 'When the refresh token expires unless refreshed.' }) expiresAt!: Date;
  @Field({ description: 'Whether this is the session of the calling token.' }) current!: boolean;
}
