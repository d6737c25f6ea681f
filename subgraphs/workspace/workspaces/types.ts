import { Field, InputType, ObjectType } from 'type-graphql';
import { IsOptional, Length } from 'class-validator';
import { PageOf } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { WorkspaceRole } from '../common/vocabulary.js';
import { Member, Workspace } from './entities.js';

@InputType({ description: 'A new workspace.' })
export class CreateWorkspaceInput {
  @Field({ description: 'Display name, 1–100 characters (surrounding spaces are trimmed).' }) @Length(1, 100) name!: string;
  @Field({ nullable: true, description: 'What the workspace is for, at most 1,000 characters.' }) @IsOptional() @Length(0, 1000) @Nullable() description?: string;
}

@InputType({ description: 'Changes to a workspace; an omitted field keeps its value, a null description clears it.' })
export class UpdateWorkspaceInput {
  @Field({ nullable: true, description: 'New display name, 1–100 characters.' }) @IsOptional() @Length(1, 100) name?: string;
  @Field({ nullable: true, description: 'New description, at most 1,000 characters.' }) @IsOptional() @Length(0, 1000) @Nullable() description?: string;
}

@ObjectType({ description: "A workspace as one of its members sees it: the workspace and the member's role in it." })
export class WorkspaceMembership {
  @Field(() => Workspace, { description: 'The workspace.' }) workspace!: Workspace;
  @Field(() => WorkspaceRole, { description: "The caller's role in it." }) role!: WorkspaceRole;
}

export const WorkspaceMembershipPage = PageOf(WorkspaceMembership, 'WorkspaceMembership');
export const MemberPage = PageOf(Member, 'Member');

@InputType({ description: "A member's new role." })
export class ChangeRoleInput {
  @Field(() => WorkspaceRole, { description: 'The new role; OWNER cannot be given.' }) role!: WorkspaceRole;
}
