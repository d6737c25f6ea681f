import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { nowDate } from '../../../kernel/clock.js';
import type { DeliveryStatus, HttpMethod } from '../common/enums.js';

/**
 * A WEBHOOK stage's call and its attempts (spec "Webhook delivery"). `messageId` is the Standard Webhooks `webhook-id`:
 * the execution and the stage (and the stage's run), the same on every attempt and after a crash.
 */
@Entity({ tableName: 'webhook_delivery' })
@Index({ properties: ['workspaceId', 'createdAt'] })
@Index({ properties: ['executionId'] })
export class DeliveryRecord extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ type: 'uuid' }) executionId!: string;
  @Property({ type: 'uuid' }) pipelineId!: string;
  @Property({ type: 'text' }) stage!: string;
  @Property({ type: 'text' }) url!: string;
  @Property({ length: 10 }) method!: HttpMethod;
  /** The headers and body sent (templates filled), so a retry sends the same. */
  @Property({ type: 'json' }) request!: { headers: Record<string, string>; body?: string | null; timeoutMs: number };
  @Property({ length: 20 }) status: DeliveryStatus = 'PENDING';
  @Property({ type: 'integer' }) attempts: number = 0;
  @Property({ type: 'integer' }) maxAttempts!: number;
  @Property({ type: 'datetime', nullable: true }) lastAttemptAt?: Date | null;
  @Property({ type: 'json', nullable: true }) response?: { statusCode: number; body: string; headers: Record<string, string> } | null;
  @Property({ type: 'text', nullable: true }) error?: string | null;
  @Property({ type: 'text' }) messageId!: string;
  /** The execution step that owns the delivery: its result moves the execution only while that step is current. */
  @Property({ type: 'integer' }) step!: number;
  @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
}

/** A workspace's Standard Webhooks signing secret (`whsec_` + base64 of 32 random bytes), shown once when made. */
@Entity({ tableName: 'signing_secret' })
export class SigningSecretRecord extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ type: 'text' }) secret!: string;
  @Property({ type: 'datetime' }) createdAt: Date = nowDate();
}
