import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { ProviderReference, UserReference, providerRef, userRef } from '../../../kernel/references.js';
import { ProviderOwnedEntity } from '../../../kernel/tenancy.js';
import { IotStatus } from './enums.js';

/** Columns the IoT family's three records share (rules, topics, devices): identity, status, tags and stamps. */
export type IotRecordOptional = 'id' | 'workspaceId' | 'icode' | 'status' | 'tags' | 'description' | 'createdAt' | 'updatedAt' | 'provider' | 'creator';

@ObjectType('IotRecordBase', { description: 'Fields every IoT record has (inherited; not a type of its own in the schema).' })
export abstract class IotRecord extends ProviderOwnedEntity {
  @Field(() => ID, { description: "The record's identifier." }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => IotStatus, { description: 'ACTIVE or INACTIVE (docs/iot.md "Statuses").' }) @Property({ type: 'string' }) status: IotStatus = 'ACTIVE';
  @Field(() => String, { nullable: true, description: 'What it is for, at most 500 characters; null when not given.' }) @Property({ type: 'text', nullable: true }) description?: string | null = null;
  @Field(() => [String], { description: 'Tags: at most 20, each 1–40 characters, lower case, no duplicates; an open list.' }) @Property({ type: 'json' }) tags: string[] = [];
  @Field({ description: 'When it was made.' }) @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Field(() => ID, { description: 'Who made it.' }) @Property({ type: 'uuid' }) createdBy!: string;
  @Field({ description: 'When it last changed.' }) @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
  @Field(() => ID, { description: 'Who changed it last.' }) @Property({ type: 'uuid' }) updatedBy!: string;

  @Field(() => ProviderReference, { nullable: true, description: 'The IoT service provider that owns it (its workspace, kind IOTSP and code: the key, so no lookup).' })
  get provider(): ProviderReference {
    return providerRef(this.workspaceId, 'IOTSP', this.icode);
  }

  @Field(() => UserReference, { nullable: true, description: 'Who made it (resolved by the users subgraph).' })
  get creator(): UserReference {
    return userRef(this.createdBy);
  }
}
