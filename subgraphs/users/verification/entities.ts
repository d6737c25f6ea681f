import { Entity, Enum, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { nowDate } from '../../../kernel/clock.js';
import { User } from '../accounts/entities.js';
import { DocumentType, VerificationStatus } from './types.js';

/** The private files of a submission (storage keys, never served). */
export interface VerificationFiles {
  documentFront: string;
  documentBack?: string;
  selfie: string;
}

/** An identity-verification submission; the documents are private files. */
@Entity({ tableName: 'verification' })
export class Verification {
  [OptionalProps]?: 'id' | 'status' | 'submittedAt' | 'reviewedAt' | 'reviewedBy' | 'reason';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Enum({ items: () => DocumentType })
  documentType!: DocumentType;

  @Property({ type: 'string' })
  status: VerificationStatus = VerificationStatus.pending;

  @Property({ type: 'json' })
  files!: VerificationFiles;

  @Property({ type: 'datetime' })
  submittedAt: Date = nowDate();

  /** When a platform administrator decided (approve or reject). */
  @Property({ type: 'datetime', nullable: true })
  reviewedAt: Date | null = null;

  /** The administrator who decided. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  reviewedBy: User | null = null;

  @Property({ type: 'text', nullable: true })
  reason: string | null = null;
}
