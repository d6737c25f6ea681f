import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, Length, Matches, ValidateNested } from 'class-validator';
import { closedList, PageOf } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { ConnectorAuthMode, ConnectorType } from '../common/vocabulary.js';
import { Connector } from './entities.js';

const PROTOCOL = /^[a-z][a-z0-9._-]{0,19}$/;
const PROTOCOL_HINT = { message: 'must be a protocol name such as http1' };
const VERSION = /^v?\d+(\.\d+){0,2}$/;
const VERSION_HINT = { message: 'must be a version such as v1 or 1.0.0' };
const SCOPE = /^[a-z][a-z0-9_-]*(:[a-z*][a-z0-9_*-]*)*$|^\*$/;
const SCOPE_HINT = { each: true, message: 'must contain scopes such as orders:read' };

export const ConnectorPage = PageOf(Connector, 'Connector');

export const ConnectorAction = closedList('ConnectorAction', "A change of a connector's status (REST: the `:action` of the path, any case).", {
  ENABLE: 'Enable the connector: it may exchange its secret for access tokens again.',
  DISABLE: 'Disable the connector: token requests are refused and the tokens it was issued stop working at once.',
});
export type ConnectorAction = keyof typeof ConnectorAction;

@InputType({ description: 'How a new connector talks to the platform.' })
export class ConnectorConfigInput {
  @Field({ description: 'Lower-case name of the wire protocol, at most 20 characters (http1, http2, grpc, mqtt …); an open list.' })
  @Matches(PROTOCOL, PROTOCOL_HINT)
  protocol!: string;
  @Field({ description: 'Version of the integration contract, such as v1 or 1.0.0.' })
  @Matches(VERSION, VERSION_HINT)
  version!: string;
  @Field(() => [String], { description: 'The scopes its access tokens carry (such as orders:read), at most 32; duplicates are dropped.' })
  @ArrayMaxSize(32)
  @Matches(SCOPE, SCOPE_HINT)
  scope!: string[];
  @Field(() => ConnectorAuthMode, { nullable: true, description: 'How the users it acts for are authenticated (none when omitted).' })
  @IsOptional()
  @Nullable()
  auth?: ConnectorAuthMode;
}

@InputType({ description: "Changes to a connector's configuration: at least one field; an omitted field keeps its value, a null auth clears it." })
export class ConnectorConfigPatchInput {
  @Field({ nullable: true, description: 'Lower-case name of the wire protocol, at most 20 characters; an open list.' })
  @IsOptional()
  @Matches(PROTOCOL, PROTOCOL_HINT)
  protocol?: string;
  @Field({ nullable: true, description: 'Version of the integration contract, such as v1 or 1.0.0.' })
  @IsOptional()
  @Matches(VERSION, VERSION_HINT)
  version?: string;
  @Field(() => [String], { nullable: true, description: 'The scopes its access tokens carry, at most 32 (replaces the list).' })
  @IsOptional()
  @ArrayMaxSize(32)
  @Matches(SCOPE, SCOPE_HINT)
  scope?: string[];
  @Field(() => ConnectorAuthMode, { nullable: true, description: 'How the users it acts for are authenticated.' })
  @IsOptional()
  @Nullable()
  auth?: ConnectorAuthMode;
}

@InputType({ description: "A connector's whole configuration (every field is given)." })
export class ConnectorConfigReplaceInput extends ConnectorConfigInput {
  @Field(() => ConnectorAuthMode, { description: 'How the users it acts for are authenticated.' })
  declare auth: ConnectorAuthMode;
}

@InputType({ description: 'A new connector.' })
export class CreateConnectorInput {
  @Field(() => ConnectorType, { description: 'What the connector integrates.' }) type!: ConnectorType;
  @Field({ description: 'Display name, 1–120 characters (surrounding spaces are trimmed).' }) @Length(1, 120) name!: string;
  @Field({ nullable: true, description: 'What the connector is for, at most 2,000 characters.' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field(() => ConnectorConfigInput, { description: 'Protocol, version, scopes and authentication mode.' }) @ValidateNested() config!: ConnectorConfigInput;
  @Field({ nullable: true, description: 'Create the connector in sandbox mode (default false): its orders, lists and events are simulated and kept apart from live ones. Cannot be changed later.' })
  @IsOptional()
  sandbox?: boolean;
}

@InputType({ description: "Changes to a connector's name or description; an omitted field keeps its value, a null description clears it." })
export class UpdateConnectorInput {
  @Field({ nullable: true, description: 'Display name, 1–120 characters.' }) @IsOptional() @Length(1, 120) name?: string;
  @Field({ nullable: true, description: 'What the connector is for, at most 2,000 characters.' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
}

@ObjectType({ description: 'A created connector: its `secret` is shown this once.' })
export class ConnectorCreated {
  @Field(() => ID, { description: "The connector's identifier." }) connectorId!: string;
  @Field({ description: "The connector's secret (`lcs_…`), exchanged for access tokens (`issueAccessToken`). Stored hashed, never shown again." }) secret!: string;
  @Field(() => Connector, { description: 'The connector.' }) connector!: Connector;
}

@ObjectType({ description: "A connector's new secret: the old one no longer works (tokens already issued keep working until they expire or are revoked)." })
export class ConnectorSecret {
  @Field(() => ID, { description: "The connector's identifier." }) connectorId!: string;
  @Field({ description: 'The new secret, shown this once.' }) secret!: string;
}
