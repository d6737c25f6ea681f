import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Length } from 'class-validator';
import { closedList } from '../../../kernel/graphql-types.js';
import { ConnectorAuthMode, ConnectorType } from '../common/vocabulary.js';

export const AccessTokenType = closedList('AccessTokenType', 'How an access token is presented.', {
  Bearer: 'In the header `Authorization: Bearer <accessToken>` (RFC 6750).',
});
export type AccessTokenType = keyof typeof AccessTokenType;

@InputType({ description: "A connector's credentials, to exchange for an access token." })
export class IssueAccessTokenInput {
  @Field(() => ID, { description: "The connector's identifier." }) connectorId!: string;
  @Field({ description: "The connector's secret (`lcs_…`), at most 200 characters." }) @Length(1, 200) secret!: string;
}

@InputType({ description: 'An access token to rotate or revoke.' })
export class AccessTokenInput {
  @Field({ description: 'The access token (a JWT), at most 4,096 characters.' }) @Length(1, 4096) accessToken!: string;
}

@ObjectType({ description: 'An access token for server-to-server calls of a connector.' })
export class AccessTokenIssued {
  @Field({ description: 'The token (a JWT).' }) accessToken!: string;
  @Field(() => AccessTokenType, { description: 'How the token is presented.' }) tokenType!: AccessTokenType;
  @Field(() => Int, { description: 'Lifetime of the token in seconds.' }) expiresIn!: number;
  @Field(() => [String], { description: "The scopes it carries: the connector's `config.scope` when it was issued." }) scope!: string[];
  @Field(() => ID, { description: 'The connector it was issued to.' }) connectorId!: string;
}

@ObjectType({ description: 'A revoked access token.' })
export class AccessTokenRevoked {
  @Field({ description: 'Always true: the token no longer works.' }) revoked!: boolean;
  @Field(() => ID, { description: 'The connector it was issued to.' }) connectorId!: string;
}

@ObjectType({ description: 'What an integrator needs to set up a connector of one type.' })
export class AccessConfig {
  @Field(() => ConnectorType, { description: 'The connector type asked about.' }) connectorType!: ConnectorType;
  @Field({ description: 'What connectors of this type are for.' }) description!: string;
  @Field({ description: 'The URL where a connector exchanges its secret for an access token.' }) tokenEndpoint!: string;
  @Field(() => [String], { description: 'The headers the token endpoint requires.' }) requiredHeaders!: string[];
  @Field(() => [String], { description: 'Protocols commonly used by this type in `config.protocol` (http1, http2, grpc, mqtt).' }) protocols!: string[];
  @Field(() => [ConnectorAuthMode], { description: 'The authentication modes `config.auth` accepts.' }) authModes!: ConnectorAuthMode[];
  @Field(() => Int, { description: 'Lifetime of an access token in seconds.' }) tokenLifetime!: number;
  @Field({ description: 'How the token is presented and renewed.' }) usage!: string;
}
