import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { RecordStamp, WorkspaceRef } from '../../../kernel/graphql-types.js';
import { ProviderOwnedEntity } from '../../../kernel/tenancy.js';

/**
 * Base of every LSP record: an id, the owner reference `workspace {type, icode}`, and the `added` / `updated` stamps.
 */
@ObjectType('LspRecordBase', { description: 'Fields every LSP record has (inherited; not a type of its own in the schema).' })
export abstract class LspRecord extends ProviderOwnedEntity {
  @Field(() => ID, { description: 'Record identifier.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => RecordStamp, { description: 'When and by whom the record was added.' })
  @Property({ type: 'json' })
  added!: RecordStamp;

  @Field(() => RecordStamp, { description: 'When and by whom the record was last changed.' })
  @Property({ type: 'json' })
  updated!: RecordStamp;

  @Field(() => WorkspaceRef, { description: 'Owner: provider kind and code.' })
  get workspace(): WorkspaceRef {
    return { type: 'LSP', icode: this.icode };
  }
}

/** Every record of the family carries these; declare them optional for `em.create`. */
export type LspRecordOptional = 'id' | 'workspaceId' | 'icode' | 'workspace';
