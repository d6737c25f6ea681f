import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { TenantEntity } from '../../../kernel/tenancy.js';

@ObjectType({ description: 'A workspace API key for the API-key families (the key itself is shown once, at creation).' })
@Entity({ tableName: 'api_key' })
export class ApiKey extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'workspaceId' | 'lastUsedAt' | 'revokedAt' | 'expiresAt';

  @Field(() => ID, { description: "The key's identifier." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'The name its creator gave it, 1–100 characters.' })
  @Property()
  name!: string;

  @Field({ description: 'The first characters of the key (`lpk_…`), to recognise it.' })
  @Property({ unique: true })
  prefix!: string;

  @Property({ hidden: true })
  hash!: string;

  @Field(() => [String], {
    description:
      'The families the key may call: utilities, pipelines, pipelines:admin (the pipelines worker operations), queries, or `*` for all (`*` does not include pipelines:admin) (a list GraphQL cannot spell as an enum, `*` being one of its values).',
  })
  @Property({ type: 'json' })
  scopes!: string[];

  @Field(() => ID, { description: 'The user who created the key (see `createdByUser`).' })
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Field({ description: 'When the key was created.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field(() => Date, { nullable: true, description: 'When the key was last used (to the minute); null when never.' })
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the key stops working; null when it does not expire.' })
  @Property({ type: 'datetime', nullable: true })
  expiresAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the key was revoked; null while it is not.' })
  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}
