import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Field, FieldResolver, ID, ObjectType, Resolver, Root } from 'type-graphql';
import { RecordStamp } from '../../../kernel/graphql-types.js';
import { ProviderReference, UserReference, providerRef, userRef } from '../../../kernel/references.js';
import { ProviderOwnedEntity } from '../../../kernel/tenancy.js';

/**
 * Base of every LSP record: an id, the owning provider (`provider`, a reference by its key: REST shows it as
 * `workspace {type, icode}`), and the `added` / `updated` stamps.
 */
@ObjectType('LspRecordBase', { description: 'Fields every LSP record has (inherited; not a type of its own in the schema).' })
export abstract class LspRecord extends ProviderOwnedEntity {
  @Field(() => ID, { description: 'Record identifier (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => RecordStamp, { description: 'When and by whom the record was added.' })
  @Property({ type: 'json' })
  added!: RecordStamp;

  @Field(() => RecordStamp, { description: 'When and by whom the record was last changed.' })
  @Property({ type: 'json' })
  updated!: RecordStamp;

  @Field(() => ProviderReference, { nullable: true, description: 'The LSP that owns the record (its workspace, kind LSP and code: the key, so no lookup).' })
  get provider(): ProviderReference {
    return providerRef(this.workspaceId, 'LSP', this.icode);
  }
}

/** Every record of the family carries these; declare them optional for `em.create`. */
export type LspRecordOptional = 'id' | 'workspaceId' | 'icode' | 'provider';

/** `RecordStamp.user`: the user who made the change, a reference the users subgraph resolves (no lookup here). */
@Resolver(() => RecordStamp)
export class RecordStampResolver {
  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who made the change (resolved by the users subgraph).' })
  user(@Root() stamp: RecordStamp): UserReference {
    return userRef(stamp.by);
  }
}
