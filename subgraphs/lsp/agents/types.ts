import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, Length, Matches } from 'class-validator';
import { PageOf } from '../../../kernel/graphql-types.js';
import { Agent, AgentInvitation } from './entities.js';
import { AgentStatus } from './enums.js';
import { Nullable } from '../../../kernel/validation.js';

export const AgentPage = PageOf(Agent, 'Agent');
const E164 = /^\+[1-9]\d{6,14}$/;

@InputType({ description: 'Agent changes; omitted fields keep their value.' })
export class AgentUpdateInput {
  @Field({ nullable: true, description: 'Name of the agent (1–100 characters).' }) @IsOptional() @Length(1, 100) name?: string;
  @Field({ nullable: true, description: 'Phone number (E.164; null clears it).' }) @IsOptional() @Matches(E164, { message: 'must be in E.164 form, e.g. +254700000000' }) @Nullable() phone?: string;
  @Field(() => AgentStatus, { nullable: true, description: 'Whether the agent works for the LSP now.' }) @IsOptional() status?: AgentStatus;
  @Field({ nullable: true, description: 'Short description (at most 500 characters; null clears it).' }) @IsOptional() @Length(0, 500) @Nullable() bio?: string;
  @Field({ nullable: true, description: 'Driving licence number (3–30 letters, digits, spaces or -; null clears it).' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 -]{2,29}$/, { message: 'must be 3–30 letters, digits, spaces or -' })
  @Nullable()
  licenseNumber?: string;
}

@InputType({ description: 'A vehicle assignment: the vehicle, the terms, and whether the agent owns the vehicle.' })
export class AssignVehicleInput {
  @Field(() => ID, { description: 'Identifier of a vehicle of this LSP (REST: `vid`; at most 64 characters).' }) @Length(1, 64) vehicleId!: string;
  @Field(() => [String], { nullable: true, description: 'Terms in free text (at most 20, each 1–500 characters).' }) @IsOptional() @ArrayMaxSize(20) @Length(1, 500, { each: true }) terms?: string[];
  @Field({ nullable: true, description: 'The agent owns the vehicle (default false); a vehicle has at most one owner-agent.' }) isOwner?: boolean;
}

@InputType({ description: 'An agent invitation.' })
export class InviteAgentInput {
  @Field({ description: 'Name of the invitee (1–100 characters).' }) @Length(1, 100) name!: string;
  @Field({ nullable: true, description: 'Phone number of the invitee (E.164).' }) @IsOptional() @Matches(E164, { message: 'must be in E.164 form, e.g. +254700000000' }) @Nullable() phone?: string;
}

@ObjectType({ description: 'A created agent invitation: `token` is shown this once.' })
export class AgentInvitationCreated {
  @Field(() => AgentInvitation, { description: 'The invitation as stored.' }) invitation!: AgentInvitation;
  @Field({ description: 'The token the invitee accepts with (`agt_…`), shown this once.' }) token!: string;
}
