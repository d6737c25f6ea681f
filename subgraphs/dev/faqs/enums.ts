import { closedList } from '../../../kernel/graphql-types.js';

export const FaqState = closedList('FaqState', 'Whether an FAQ is in use (docs/dev.md "States"): archived FAQs leave lists and search unless asked for.', {
  ACTIVE: 'In use: listed and found by search.',
  ARCHIVED: 'Put aside: listed and searched only when asked for (`state: ARCHIVED`); restore makes it ACTIVE again.',
});
export type FaqState = keyof typeof FaqState;

export const FaqArchiveOperation = closedList('FaqArchiveOperation', 'A move of the archive state (REST: `:operation`, any case).', {
  ARCHIVE: 'ACTIVE → ARCHIVED.',
  RESTORE: 'ARCHIVED → ACTIVE.',
});
export type FaqArchiveOperation = keyof typeof FaqArchiveOperation;

export const FaqLockOperation = closedList('FaqLockOperation', 'A move of the lock (REST: `:lockstate`, any case): a locked FAQ refuses every change but unlock (FAQ_LOCKED).', {
  LOCK: 'Unlocked → locked (OWNER, ADMIN or MANAGER).',
  UNLOCK: 'Locked → unlocked (OWNER, ADMIN or MANAGER).',
});
export type FaqLockOperation = keyof typeof FaqLockOperation;

export const FaqContextType = closedList('FaqContextType', 'The kinds of platform object an FAQ can be linked to: facilities of the same LSP.', {
  HUB: 'A hub of the LSP (its id).',
  WAREHOUSE: 'A warehouse of the LSP (its id).',
});
export type FaqContextType = keyof typeof FaqContextType;

export const FaqRemoval = closedList('FaqRemoval', 'What a DELETE removed (docs/dev.md "Delete").', {
  CONTEXT: 'The context link named; the FAQ stays, linked to other objects.',
  FAQ: 'The FAQ itself, with its versions: it had no other context link.',
});
export type FaqRemoval = keyof typeof FaqRemoval;
