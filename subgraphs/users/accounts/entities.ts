import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, ID, ObjectType, UseMiddleware } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { OwnerOnly } from '../common/scope.js';
import { defaultNotificationSettings } from '../settings/rules.js';
import { ProfileVisibility, type CustomMetadata, type NotificationSettings, type PrivacySettings } from '../settings/types.js';
import { UserMetadata, UserType } from './types.js';
import { ENTITY_DOCS } from '../../../kernel/references.js';

/**
 * A platform account; also the graph's `User` entity (key `id`), which other families reference. Anyone who may see
 * the user (docs/contract.md, "User reached by reference") reads its public fields; the fields marked owner only are
 * FORBIDDEN to anyone but the account's owner.
 */
@ObjectType({
  description: ENTITY_DOCS.user,
})
@Directive('@key(fields: "id")')
@Entity({ tableName: 'user' })
export class User {
  [OptionalProps]?:
    | 'id'
    | 'userType'
    | 'verified'
    | 'metadata'
    | 'notificationSettings'
    | 'profileVisibility'
    | 'showEmail'
    | 'showPhone'
    | 'allowMessages'
    | 'shareLocation'
    | 'customMetadata'
    | 'createdAt'
    | 'updatedAt'
    | 'deletionDate'
    | 'bio'
    | 'avatar'
    | 'phone';

  @Field(() => ID, { description: ENTITY_DOCS.userId })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'E-mail address (lower-cased), unique; the user signs in with it. Owner only.' })
  @UseMiddleware(OwnerOnly)
  @Property({ unique: true })
  email!: string;

  @Field(() => String, { nullable: true, description: 'Phone number in E.164 form (e.g. `+254700000000`); null when none. Owner only.' })
  @UseMiddleware(OwnerOnly)
  @Property({ type: 'string', nullable: true })
  phone?: string | null;

  @Field({ description: 'Display name, 1 to 100 characters.' })
  @Property()
  name!: string;

  @Property({ hidden: true })
  passwordHash!: string;

  @Field(() => String, { nullable: true, description: 'Avatar image URL; null when none.' })
  @Property({ type: 'text', nullable: true })
  avatar?: string | null;

  @Field(() => UserType, { description: 'What the user does on the platform.' })
  @Enum({ items: () => UserType })
  userType: UserType = UserType.client;

  @Field({ description: "Whether the user's identity verification was approved." })
  @Property()
  verified: boolean = false;

  @Field(() => String, { nullable: true, description: 'Self-description shown on the public profile, at most 500 characters; null when none.' })
  @Property({ type: 'text', nullable: true })
  bio?: string | null;

  @Field(() => UserMetadata, { description: 'Language, time zone and notification preference. Owner only.' })
  @UseMiddleware(OwnerOnly)
  @Property({ type: 'json' })
  metadata: UserMetadata = { language: 'en', timezone: 'UTC', notifications: true };

  @Property({ type: 'json' })
  notificationSettings: NotificationSettings = defaultNotificationSettings();

  @Enum({ items: () => ProfileVisibility })
  profileVisibility: ProfileVisibility = ProfileVisibility.public;

  @Property()
  showEmail: boolean = false;

  @Property()
  showPhone: boolean = false;

  @Property()
  allowMessages: boolean = true;

  @Property()
  shareLocation: boolean = false;

  @Property({ type: 'json' })
  customMetadata: CustomMetadata = { preferences: {}, customFields: {} };

  @Field({ description: 'When the account was created. Owner only.' })
  @UseMiddleware(OwnerOnly)
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'When the profile, settings or metadata last changed. Owner only.' })
  @UseMiddleware(OwnerOnly)
  @Property({ type: 'datetime', onUpdate: () => nowDate() })
  updatedAt: Date = nowDate();

  /** Set when the owner deleted the account: sign-in is refused and the data is purged at this date. */
  @Index()
  @Property({ type: 'datetime', nullable: true })
  deletionDate?: Date | null;

  privacy(): PrivacySettings {
    return {
      profileVisibility: this.profileVisibility,
      showEmail: this.showEmail,
      showPhone: this.showPhone,
      allowMessages: this.allowMessages,
      shareLocation: this.shareLocation,
    };
  }
}
