import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { WorkspaceRole } from '../common/vocabulary.js';

/** A tenant: everything providers, connectors and keys own lives in one workspace. */
@ObjectType({ description: 'A workspace: the tenant that owns providers, connectors, API keys and members.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'workspace' })
export class Workspace {
  [OptionalProps]?: 'id' | 'description' | 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: "The workspace's identifier (`:wid` in REST paths)." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Display name, 1–100 characters.' })
  @Property()
  name!: string;

  @Field(() => String, { nullable: true, description: 'What the workspace is for, at most 1,000 characters; null when not given.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => ID, { description: 'The user who created the workspace: its OWNER (see `owner`).' })
  @Index()
  @Property({ type: 'uuid' })
  ownerId!: string;

  @Field({ description: 'When the workspace was created.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'When the workspace was last renamed or described.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}

/** A user's membership of a workspace, with their role. */
@ObjectType({ description: 'A member of a workspace and their role.' })
@Entity({ tableName: 'member' })
@Unique({ properties: ['workspaceId', 'userId'] })
export class Member extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'workspaceId' | 'name';

  @Field(() => ID, { description: "The membership's identifier." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => ID, { description: "The member's user identifier (see `user`)." })
  @Index()
  @Property({ type: 'uuid' })
  userId!: string;

  @Field(() => String, { nullable: true, description: 'The name the member was invited under; null for the owner.' })
  @Property({ type: 'string', nullable: true })
  name?: string | null;

  @Field(() => WorkspaceRole, { description: "The member's role in the workspace." })
  @Enum({ items: () => WorkspaceRole })
  role!: WorkspaceRole;

  @Field({ description: 'When the member joined.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();
}
