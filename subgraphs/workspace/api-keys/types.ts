import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsOptional, Length, Max, Min } from 'class-validator';
import { PageOf } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { ApiKey } from './entities.js';

/**
 * The families an API key may be scoped to (`*`: all of them). `pipelines:admin` adds the pipelines worker operations
 * (docs/pipelines.md "Workers"); `*` does not include it, and only a workspace OWNER or ADMIN may create a key with it.
 */
export const API_KEY_SCOPES = ['utilities', 'pipelines', 'pipelines:admin', 'queries', '*'];
/** The scope only a workspace OWNER or ADMIN may put on a key. */
export const ADMIN_ONLY_SCOPES = ['pipelines:admin'];

export const ApiKeyPage = PageOf(ApiKey, 'ApiKey');

@InputType({ description: 'A new API key.' })
export class CreateApiKeyInput {
  @Field({ description: 'A name to recognise the key by, 1–100 characters (surrounding spaces are trimmed).' }) @Length(1, 100) name!: string;
  @Field(() => [String], {
    nullable: true,
    description:
      'The families it may call: utilities, pipelines, queries, or `*` for all (the default); `pipelines:admin` adds the pipelines worker operations (not included in `*`; only a workspace OWNER or ADMIN may give it). At most 10, duplicates dropped.',
  })
  @IsOptional()
  @ArrayMaxSize(10)
  @IsIn(API_KEY_SCOPES, { each: true, message: 'must contain only utilities, pipelines, pipelines:admin, queries or *' })
  scopes?: string[];
  @Field(() => Int, { nullable: true, description: 'Days until the key expires, 1–3650; none: it does not expire.' })
  @IsOptional()
  @Min(1)
  @Max(3650)
  @Nullable()
  expiresInDays?: number;
}

@ObjectType({ description: 'A created API key: `key` is shown this once and stored only as a hash.' })
export class ApiKeyCreated {
  @Field(() => ApiKey, { description: "The key's record." }) apiKey!: ApiKey;
  @Field({ description: 'The secret key, presented as `Authorization: Bearer <key>`. Never shown again.' }) key!: string;
}
