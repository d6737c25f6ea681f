import { ArgsType, Field, ID } from 'type-graphql';
import { ProviderKind } from '../../../kernel/references.js';

/**
 * The arguments that name where an operation acts (docs/graph-conventions.md, "Names"): the workspace, a kind of
 * provider in it, one provider of that kind. REST paths carry them as `:wid`, `:ctype` (or the kind in the path)
 * and `:xcode`.
 */

@ArgsType()
export class WorkspaceArgs {
  @Field(() => ID, { description: 'The workspace acted in (`:wid` in REST paths).' })
  workspaceId!: string;
}

@ArgsType()
export class ProviderKindArgs extends WorkspaceArgs {
  @Field(() => ProviderKind, { description: 'The kind of provider (REST paths write it in lower case: `lsp`, `:ctype`).' })
  providerKind!: ProviderKind;
}

@ArgsType()
export class ProviderArgs extends ProviderKindArgs {
  @Field({ description: "The provider's code, any case (`:xcode` in REST paths), e.g. LSP-7F3K9Q2M." })
  providerCode!: string;
}
