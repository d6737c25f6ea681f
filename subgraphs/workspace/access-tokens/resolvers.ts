import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { ConnectorType } from '../common/vocabulary.js';
import * as tokens from './service.js';
import { AccessConfig, AccessTokenInput, AccessTokenIssued, AccessTokenRevoked, IssueAccessTokenInput } from './types.js';

@Resolver()
export class AccessTokenResolver {
  @Mutation(() => AccessTokenIssued, { description: "Exchange a connector's secret for an access token (headers origin and svc-user-agent). REST: `POST /v1/access/token`." })
  issueAccessToken(@Arg('input', { description: 'The connector and its secret.' }) input: IssueAccessTokenInput, @Ctx() ctx: SubgraphContext) {
    return tokens.issueAccessToken(scope(ctx), input);
  }

  @Mutation(() => AccessTokenIssued, { description: 'Replace a valid access token by a new one; the old one stops working. REST: `PATCH /v1/access/token/rotate`.' })
  rotateAccessToken(@Arg('input', { description: 'The current token.' }) input: AccessTokenInput, @Ctx() ctx: SubgraphContext) {
    return tokens.rotateAccessToken(scope(ctx), input.accessToken);
  }

  @Mutation(() => AccessTokenRevoked, { description: 'Revoke an access token, from the origin it was issued to. REST: `PATCH /v1/access/token/revoke`.' })
  revokeAccessToken(@Arg('input', { description: 'The token to revoke.' }) input: AccessTokenInput, @Ctx() ctx: SubgraphContext) {
    return tokens.revokeAccessToken(scope(ctx), input.accessToken);
  }

  @Query(() => AccessConfig, { description: 'What an integrator needs to set up a connector of one type. REST: `GET /v1/access/config?expects=`.' })
  accessConfig(@Arg('connectorType', () => ConnectorType, { description: 'The connector type asked about (REST: `expects`).' }) connectorType: ConnectorType, @Ctx() ctx: SubgraphContext) {
    return tokens.accessConfig(scope(ctx), connectorType);
  }
}
