import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { ProviderReference, UserReference, providerRef, userRef } from '../../../kernel/references.js';
import { ProviderOwnedEntity } from '../../../kernel/tenancy.js';
import { FaqContextType, FaqState } from './enums.js';

@ObjectType({ description: 'A link from an FAQ to a platform object of the same LSP, with the page that documents it.' })
export class FaqContext {
  @Field(() => FaqContextType, { description: 'The kind of object.' }) type!: FaqContextType;
  @Field(() => ID, { description: "The object's identifier (a hub's or warehouse's id)." }) id!: string;
  @Field(() => String, { nullable: true, description: 'The source: an http(s) URL of at most 2,048 characters that documents the link; null when not given.' })
  source?: string | null;
  @Field({ description: 'When the link was made or last changed.' }) linkedAt!: Date;
  @Field(() => ID, { description: 'Who made or last changed the link.' }) linkedBy!: string;
}

/** What every version of an FAQ holds: its content and links (the FAQ is its latest version). */
@ObjectType('FaqContentBase', { description: 'Fields an FAQ and each of its versions have (inherited; not a type of its own in the schema).' })
export abstract class FaqContent extends ProviderOwnedEntity {
  @Field({ description: 'The version label: dotted numbers (`1`, `1.0`, `2.3.1`); every edit adds one to its last number (docs/dev.md "Versions").' })
  @Property()
  version!: string;
  @Field(() => Int, { description: 'The edit count: 1 for the FAQ as created, one more with every edit.' }) @Property() revision!: number;
  @Field({ description: 'The question, 3–300 characters.' }) @Property({ type: 'text' }) question!: string;
  @Field({ description: 'The answer, 1–5,000 characters of plain text.' }) @Property({ type: 'text' }) answer!: string;
  @Field(() => [String], { description: 'Tags: lower-case words or phrases, at most 20 of at most 40 characters; an open list.' }) @Property({ type: 'json' }) tags!: string[];
  @Field(() => [FaqContext], { description: 'The platform objects the FAQ is linked to (at most 50).' }) @Property({ type: 'json' }) contexts!: FaqContext[];
}

/**
 * An FAQ of an LSP's knowledge base (docs/dev.md "FAQs"): for its clients and agents. `icode` is the LSP's code. The
 * table also holds a weighted search vector (question over tags over answer) kept by PostgreSQL (the migration).
 */
@ObjectType({ description: "An FAQ of an LSP's knowledge base: a question and its answer, with tags and links to the LSP's hubs and warehouses." })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'faq' })
@Index({ properties: ['workspaceId', 'icode', 'state'] })
export class Faq extends FaqContent {
  [OptionalProps]?: 'id' | 'workspaceId' | 'icode' | 'state' | 'locked' | 'lockedAt' | 'lockedBy' | 'createdAt' | 'updatedAt' | 'tagsText' | 'provider';

  @Field(() => ID, { description: "The FAQ's identifier." }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field({ description: 'The reference, `FAQ-` and 10 Crockford base32 characters (REST: `:reference`, any case).' }) @Property({ unique: true }) reference!: string;
  @Field(() => FaqState, { description: 'Whether the FAQ is in use or archived.' }) @Property({ type: 'string' }) state: FaqState = 'ACTIVE';
  @Field({ description: 'Whether the FAQ is locked: every change but unlock is refused with FAQ_LOCKED.' }) @Property() locked: boolean = false;
  @Field(() => Date, { nullable: true, description: 'When it was locked; null when unlocked.' }) @Property({ type: 'datetime', nullable: true }) lockedAt?: Date | null;
  @Field(() => ID, { nullable: true, description: 'Who locked it; null when unlocked.' }) @Property({ type: 'uuid', nullable: true }) lockedBy?: string | null;
  @Field({ description: 'When the FAQ was created.' }) @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Field(() => ID, { description: 'Who created it.' }) @Property({ type: 'uuid' }) createdBy!: string;
  @Field({ description: 'When it last changed (an edit, a state move or a lock).' }) @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
  @Field(() => ID, { description: 'Who changed it last.' }) @Property({ type: 'uuid' }) updatedBy!: string;
  /** The tags as one text, for the search vector. */
  @Property({ type: 'text', hidden: true }) tagsText: string = '';

  @Field(() => ProviderReference, { nullable: true, description: 'The LSP whose knowledge base holds the FAQ (its workspace, kind LSP and code: the key, so no lookup).' })
  get provider(): ProviderReference {
    return providerRef(this.workspaceId, 'LSP', this.icode);
  }
}

/** An earlier (or the current) version of an FAQ, as it was after one edit (docs/dev.md "Versions"). */
@ObjectType({ description: 'A version of an FAQ: its content and links as they were after one edit.' })
@Entity({ tableName: 'faq_version' })
@Unique({ properties: ['faq', 'revision'] })
export class FaqVersion extends FaqContent {
  [OptionalProps]?: 'id' | 'workspaceId' | 'icode' | 'editedAt' | 'editor';
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Faq, { deleteRule: 'cascade' }) @Index() faq!: Faq;
  @Field({ description: 'When this version was made.' }) @Property({ type: 'datetime' }) editedAt: Date = nowDate();
  @Field(() => ID, { description: 'Who made it.' }) @Property({ type: 'uuid' }) editedBy!: string;

  @Field(() => UserReference, { nullable: true, description: 'Who made it (resolved by the users subgraph).' })
  get editor(): UserReference {
    return userRef(this.editedBy);
  }
}
