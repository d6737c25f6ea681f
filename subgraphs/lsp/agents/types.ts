import { Field, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsOptional, Length, Matches } from 'class-validator';
import { PageOf } from '../../../kernel/graphql-types.js';
import { Agent, AgentInvitation } from './entities.js';
import { Nullable } from '../../../kernel/validation.js';

export const AgentPage = PageOf(Agent, 'Agent');
const E164 = /^\+[1-9]\d{6,14}$/;

@InputType({ description: 'Agent changes; omitted fields keep their value.' })
export class AgentUpdateInput {
  @Field({ nullable: true, description: 'Name (1–100).' }) @IsOptional() @Length(1, 100) name?: string;
  @Field({ nullable: true, description: 'Phone (E.164).' }) @IsOptional() @Matches(E164, { message: 'must be in E.164 form, e.g. +254700000000' }) @Nullable() phone?: string;
  @Field({ nullable: true, description: 'Status: ACTIVE, SUSPENDED or OFF_DUTY.' })
  @IsOptional() @IsIn(['ACTIVE', 'SUSPENDED', 'OFF_DUTY'], { message: 'must be ACTIVE, SUSPENDED or OFF_DUTY' }) status?: string;
  @Field({ nullable: true, description: 'Short description (≤ 500).' }) @IsOptional() @Length(0, 500) @Nullable() bio?: string;
  @Field({ nullable: true, description: 'Driving licence number.' }) @IsOptional() @Matches(/^[A-Za-z0-9][A-Za-z0-9 -]{2,29}$/, { message: 'must be 3–30 letters, digits, spaces or -' }) @Nullable() licenseNumber?: string;
}

@InputType({ description: 'A vehicle assignment: `vid`, the terms, and whether the agent owns the vehicle.' })
export class AssignVehicleInput {
  @Field({ description: 'Vehicle identifier (a vehicle of this LSP).' }) @Length(1, 64) vid!: string;
  @Field(() => [String], { nullable: true, description: 'Terms (free text, at most 20).' }) @IsOptional() @ArrayMaxSize(20) @Length(1, 500, { each: true }) terms?: string[];
  @Field({ nullable: true, description: 'The agent owns the vehicle (default false); a vehicle has at most one owner-agent.' }) isOwner?: boolean;
}

@InputType({ description: 'An agent invitation.' })
export class InviteAgentInput {
  @Field({ description: 'Invitee\'s name.' }) @Length(1, 100) name!: string;
  @Field({ nullable: true, description: 'Invitee\'s phone (E.164).' }) @IsOptional() @Matches(E164, { message: 'must be in E.164 form, e.g. +254700000000' }) @Nullable() phone?: string;
}

@ObjectType({ description: 'A created agent invitation: `token` is shown this once.' })
export class AgentInvitationCreated {
  @Field(() => AgentInvitation, { description: 'The invitation.' }) invitation!: AgentInvitation;
  @Field({ description: 'Acceptance token for the invitee.' }) token!: string;
}

