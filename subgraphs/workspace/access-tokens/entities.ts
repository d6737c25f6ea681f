import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { nowDate } from '../../../kernel/clock.js';
import { TenantEntity } from '../../../kernel/tenancy.js';

/** An issued connector access token (the JWT's `tokenId`), so it can be rotated and revoked. Not in the graph. */
@Entity({ tableName: 'access_token' })
export class AccessToken extends TenantEntity {
  [OptionalProps]?: 'id' | 'issuedAt' | 'workspaceId' | 'revokedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  connectorId!: string;

  /** The origin it was issued to: rotate and revoke only from there. */
  @Property()
  origin!: string;

  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;

  @Property({ type: 'datetime' })
  issuedAt: Date = nowDate();

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}
