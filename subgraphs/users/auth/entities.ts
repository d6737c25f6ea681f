import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { nowDate } from '../../../kernel/clock.js';
import { User } from '../accounts/entities.js';

/** Why a session ended (`revokedReason`). */
export type RevokedReason = 'logout' | 'revoked' | 'refresh_token_reuse' | 'account_deleted';

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
  revokedReason?: RevokedReason | null;

  isActive(now = nowDate()): boolean {
    return !this.revokedAt && this.expiresAt > now;
  }
}
