import { Field, InputType, ObjectType } from 'type-graphql';
import { IsOptional, Length, Matches, ValidateNested } from 'class-validator';
import { closedList, ContactsInput } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { WorkspaceRole } from '../common/vocabulary.js';
import { Member } from '../workspaces/entities.js';
import { Invitation } from './entities.js';

export const InvitableRole = closedList('InvitableRole', 'The roles an operator may be invited as (REST: the `:as` of the path, any case); never OWNER.', {
  ADMIN: 'Invited as an ADMIN of the workspace.',
  MANAGER: 'Invited as a MANAGER of the workspace.',
  SUPERVISOR: 'Invited as a SUPERVISOR of the workspace.',
  COORDINATOR: 'Invited as a COORDINATOR of the workspace.',
  DEVELOPER: 'Invited as a DEVELOPER of the workspace.',
});
export type InvitableRole = keyof typeof InvitableRole;

@InputType({ description: 'Details of the invited operator.' })
export class InvitedOperatorInput {
  @Field(() => WorkspaceRole, { nullable: true, description: 'The role; if given, it must be the role invited as.' }) role?: WorkspaceRole;
  @Field({ nullable: true, description: "The operator's status on joining: an upper-case identifier of 2–20 characters (default ACTIVE); an open list." })
  @IsOptional()
  @Matches(/^[A-Z][A-Z_]{1,19}$/, { message: 'must be an upper-case status such as ACTIVE' })
  status?: string;
  @Field({ nullable: true, description: 'A short description of the operator, at most 500 characters.' }) @IsOptional() @Length(0, 500) @Nullable() bio?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'How to reach the operator.' }) @IsOptional() @ValidateNested() @Nullable() contacts?: ContactsInput;
}

@InputType({ description: 'An invitation of an operator.' })
export class InviteInput {
  @Field({ description: "The invitee's phone number in E.164 form (e.g. +254700000000)." })
  @Matches(/^\+[1-9]\d{6,14}$/, { message: 'must be in E.164 form, e.g. +254700000000' })
  phone!: string;
  @Field({ description: "The invitee's name, 1–100 characters (surrounding spaces are trimmed)." }) @Length(1, 100) name!: string;
  @Field(() => InvitedOperatorInput, { nullable: true, description: 'Role and details of the operator.' }) @IsOptional() @ValidateNested() operator?: InvitedOperatorInput;
}

@ObjectType({ description: 'A sent invitation: `token` is shown this once, for the invitee to accept with.' })
export class InvitationCreated {
  @Field(() => Invitation, { description: 'The invitation.' }) invitation!: Invitation;
  @Field({ description: 'The acceptance token (`inv_…`), to pass to the invitee. Stored hashed, never shown again.' }) token!: string;
}

@ObjectType({ description: 'An accepted invitation and the membership it made.' })
export class InvitationAccepted {
  @Field(() => Invitation, { description: 'The invitation.' }) invitation!: Invitation;
  @Field(() => Member, { description: "The invitee's new membership." }) member!: Member;
}
