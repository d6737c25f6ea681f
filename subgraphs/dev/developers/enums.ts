import { closedList } from '../../../kernel/graphql-types.js';

export const DeveloperRole = closedList('DeveloperRole', 'A developer\'s role in a DEV provider (docs/dev.md "Developers"): the workspace role names, as invited.', {
  ADMIN: "Manages the provider's developers (changes their role and status, removes them) besides building with it.",
  DEVELOPER: "Builds with the provider: its connectors, their access tokens, the workspace's API keys (as the workspace role allows).",
});
export type DeveloperRole = keyof typeof DeveloperRole;

export const DeveloperStatus = closedList('DeveloperStatus', 'Where a developer stands with the DEV provider (docs/dev.md, "Developers": the moves).', {
  ACTIVE: 'A developer now: their DEV context tokens work.',
  SUSPENDED: 'Paused by a provider admin: their DEV context tokens stop at once and work again when made ACTIVE.',
  REMOVED: 'Removed for good (DELETE): access gone at once; the record stays, with who removed them and when.',
});
export type DeveloperStatus = keyof typeof DeveloperStatus;
