import { ArgsType, Field, InputType } from 'type-graphql';
import { IsOptional, Length } from 'class-validator';
import { PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { Developer } from './entities.js';
import { DeveloperRole, DeveloperStatus } from './enums.js';

export const DeveloperPage = PageOf(Developer, 'Developer');

@ArgsType()
export class DeveloperListArgs extends PageArgs {
  @Field(() => DeveloperRole, { nullable: true, description: 'Only developers with this role.' }) role?: DeveloperRole;
  @Field(() => DeveloperStatus, { nullable: true, description: 'Only developers with this status; without it, the ACTIVE and SUSPENDED ones (REMOVED only when asked for).' })
  status?: DeveloperStatus;
  @Field({ nullable: true, description: 'Only developers whose name contains this text (any case), 1–100 characters.' })
  @IsOptional()
  @Length(1, 100)
  search?: string;
}

@InputType({ description: "A change of a developer's role or status by a provider admin; absent fields keep their value." })
export class DeveloperUpdateInput {
  @Field(() => DeveloperRole, { nullable: true, description: 'The new role.' }) role?: DeveloperRole;
  @Field(() => DeveloperStatus, { nullable: true, description: 'The new status: ACTIVE or SUSPENDED (REMOVED is DELETE).' }) status?: DeveloperStatus;
}
