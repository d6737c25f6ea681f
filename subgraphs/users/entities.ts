import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, ID, ObjectType, UseMiddleware } from 'type-graphql';
import { SelfOnly } from './guards.js';
import { ProfileVisibility, UserType, DocumentType } from './enums.js';
import { UserMetadata, NotificationSettings, PrivacySettings, CustomMetadata, defaultNotificationSettings } from './types.js';
import { nowDate } from '../../kernel/clock.js';

/** A platform account. Also the GraphQL `User` entity (federation key `id`). */
@ObjectType({ description: 'A platform account, as its owner sees it.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'user' })
export class User {
  [OptionalProps]?: 'id' | 'userType' | 'verified' | 'metadata' | 'notificationSettings' | 'profileVisibility' | 'showEmail'
    | 'showPhone' | 'allowMessages' | 'shareLocation' | 'customMetadata' | 'createdAt' | 'updatedAt' | 'deletionDate' | 'bio' | 'avatar' | 'phone';

  @Field(() => ID, { description: 'Stable identifier (UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'E-mail address (lower-cased); unique. Owner only.' })
  @UseMiddleware(SelfOnly)
  @Property({ unique: true })
  email!: string;

  @Field(() => String, { nullable: true, description: 'Phone number in E.164 form. Owner only.' })
  @UseMiddleware(SelfOnly)
  @Property({ type: 'string', nullable: true })
  phone?: string | null;

  @Field({ description: 'Display name.' })
  @Property()
  name!: string;

  @Property({ hidden: true })
  passwordHash!: string;

  @Field(() => String, { nullable: true, description: 'Avatar image URL.' })
  @Property({ type: 'text', nullable: true })
  avatar?: string | null;

  @Field(() => UserType, { description: 'Kind of user.' })
  @Enum({ items: () => UserType })
  userType: UserType = UserType.client;

  @Field({ description: 'Whether the identity verification was approved.' })
  @Property()
  verified: boolean = false;

  @Field(() => String, { nullable: true, description: 'Short self-description shown on the public profile.' })
  @Property({ type: 'text', nullable: true })
  bio?: string | null;

  @Field(() => UserMetadata, { description: 'Language, time zone and notification preference.' })
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

  @Field({ description: 'Creation time (ISO 8601, UTC).' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'Last update time (ISO 8601, UTC).' })
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

/** A signed-in device: holds the rotating refresh token (hashed) of one login. */
@Entity({ tableName: 'session' })
export class Session {
  [OptionalProps]?: 'id' | 'refreshGeneration' | 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'revokedReason';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'string', nullable: true })
  deviceId?: string | null;

  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;

  @Property({ type: 'string', nullable: true })
  ip?: string | null;

  /** sha256 of the current refresh secret. */
  @Property({ hidden: true })
  refreshHash!: string;

  /** Increases on every rotation; a token of an older generation is a reuse and revokes the session. */
  @Property()
  refreshGeneration: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Property({ type: 'datetime' })
  lastUsedAt: Date = nowDate();

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'string', nullable: true })
  revokedReason?: string | null;

  isActive(now = nowDate()): boolean {
    return !this.revokedAt && this.expiresAt > now;
  }
}

/** An identity-verification submission; the documents are private files. */
@Entity({ tableName: 'verification' })
export class Verification {
  [OptionalProps]?: 'id' | 'status' | 'submittedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Enum({ items: () => DocumentType })
  documentType!: DocumentType;

  @Property()
  status: string = 'pending';

  @Property({ type: 'json' })
  files!: { documentFront: string; documentBack?: string; selfie: string };

  @Property({ type: 'datetime' })
  submittedAt: Date = nowDate();
}
