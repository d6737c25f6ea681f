import { Field, ID, ObjectType } from 'type-graphql';
import { closedList } from '../../../kernel/graphql-types.js';
import { ProviderKind } from '../../../kernel/references.js';
import { WorkspaceRole } from '../common/vocabulary.js';

/** The principal kinds of kernel/principal.ts, spelled as the platform spells them. */
export const PrincipalKind = closedList('PrincipalKind', 'What kind of credential a request carried, as the gateway resolved it.', {
  anonymous: 'No credential.',
  user: 'A user access token.',
  provider: 'A provider-context token: a user acting as one provider of one workspace.',
  apiKey: 'A workspace API key (`lpk_…`).',
  connector: 'A connector access token, for server-to-server calls.',
  origin: "No credential but an `origin` header that enabled CSP connectors allow (a CSP's client, docs/orders.md).",
});
export type PrincipalKind = keyof typeof PrincipalKind;

@ObjectType({ description: 'Who the caller is, as the gateway resolved their credential.' })
export class Viewer {
  @Field(() => PrincipalKind, { description: 'The kind of credential.' }) kind!: PrincipalKind;
  @Field(() => ID, { nullable: true, description: 'The user, for user and provider-context tokens.' }) userId?: string;
  @Field(() => ID, { nullable: true, description: 'The workspace, for the credentials bound to one (provider-context tokens, API keys, connector tokens).' }) workspaceId?: string;
  @Field(() => ProviderKind, { nullable: true, description: "The provider's kind, for provider-context and connector tokens." }) providerKind?: ProviderKind;
  @Field(() => String, { nullable: true, description: "The provider's code, for provider-context and connector tokens." }) providerCode?: string;
  @Field(() => WorkspaceRole, { nullable: true, description: "The member's current role, for provider-context tokens." }) role?: WorkspaceRole;
  @Field(() => ID, { nullable: true, description: 'The connector, for connector tokens.' }) connectorId?: string;
  @Field(() => [String], { nullable: true, description: 'The scopes, for connector tokens and API keys.' }) scopes?: string[];
}
