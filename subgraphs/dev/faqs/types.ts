import { ArgsType, Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, IsUrl, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { PageArgs, PageOf, Pagination } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { Faq, FaqVersion } from './entities.js';
import { FaqContextType, FaqRemoval, FaqState } from './enums.js';

const VERSION = /^\d{1,6}(\.\d{1,6}){0,2}$/;
const TAGS = { nullable: true, description: 'Tags: at most 20, each 1–40 characters (stored in lower case, duplicates dropped); an open list.' };

@InputType({ description: 'A new FAQ.' })
export class FaqCreateInput {
  @Field({ description: 'The first version label: dotted numbers, one to three parts (`1`, `1.0`, `2.3.1`).' })
  @Matches(VERSION, { message: 'must be dotted numbers such as 1.0' })
  version!: string;
  @Field({ description: 'The question, 3–300 characters.' }) @Length(3, 300) question!: string;
  @Field({ description: 'The answer, 1–5,000 characters of plain text.' }) @Length(1, 5000) answer!: string;
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
}

@InputType({ description: 'Names a platform object of the same LSP.' })
export class FaqContextInput {
  @Field(() => FaqContextType, { description: 'The kind of object.' }) type!: FaqContextType;
  @Field(() => ID, { description: "The object's identifier (a hub's or warehouse's id)." }) id!: string;
}

const SOURCE = { nullable: true, description: 'The source of the link: an http(s) URL of at most 2,048 characters.' };
const sourceRule = IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' });

@InputType({ description: 'A change of an FAQ: absent fields keep their value. A context with its source links the FAQ to that object (or changes the source of that link).' })
export class FaqUpdateInput {
  @Field({ nullable: true, description: 'The question, 3–300 characters.' }) @IsOptional() @Length(3, 300) question?: string;
  @Field({ nullable: true, description: 'The answer, 1–5,000 characters of plain text.' }) @IsOptional() @Length(1, 5000) answer?: string;
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
  @Field(() => FaqContextInput, { nullable: true, description: 'A platform object to link the FAQ to (or whose link to change).' }) @IsOptional() @ValidateNested() context?: FaqContextInput;
  @Field(() => String, SOURCE) @IsOptional() @MaxLength(2048) @sourceRule source?: string;
}

@InputType({ description: 'A context link to add, or to remove (the source is then not needed).' })
export class FaqContextChangeInput {
  @Field(() => FaqContextInput, { description: 'The platform object.' }) @ValidateNested() context!: FaqContextInput;
  @Field(() => String, SOURCE) @IsOptional() @MaxLength(2048) @sourceRule source?: string;
}

@InputType({ description: 'What a DELETE removes: the context link named, or (without one) the FAQ, if it has no context link left.' })
export class FaqDeleteInput {
  @Field(() => FaqContextInput, { nullable: true, description: 'The context link to remove; the FAQ goes too when it was its last link.' }) @IsOptional() @ValidateNested() context?: FaqContextInput;
  @Field(() => String, { nullable: true, description: 'Ignored (the spec sends the source with the context; links are named by type and id).' }) @IsOptional() @MaxLength(2048) @Nullable() source?:
    string | null;
}

@ArgsType()
export class FaqListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Only FAQs with this tag (any case).' }) @IsOptional() @Length(1, 40) tag?: string;
  @Field(() => FaqState, { nullable: true, description: 'Only FAQs in this state (default ACTIVE: archived FAQs are listed only when asked for).' }) state?: FaqState;
  @Field(() => FaqContextType, { nullable: true, description: 'Only FAQs linked to an object of this kind (with `contextId`: to that object).' }) contextType?: FaqContextType;
  @Field(() => ID, { nullable: true, description: 'Only FAQs linked to this object (with `contextType`).' }) contextId?: string;
  @Field({ nullable: true, description: 'Only locked (true) or unlocked (false) FAQs.' }) locked?: boolean;
}

@ArgsType()
export class FaqSearchArgs extends PageArgs {
  @Field({ description: 'What the person asks, in their words: 1–200 characters (misspellings and everyday synonyms are understood).' })
  @Length(1, 200)
  query!: string;
  @Field(() => FaqState, { nullable: true, description: 'Search FAQs in this state (default ACTIVE: archived FAQs are searched only when asked for).' }) state?: FaqState;
  @Field({ nullable: true, description: 'Only FAQs with this tag (any case).' }) @IsOptional() @Length(1, 40) tag?: string;
}

@ObjectType({ description: 'An FAQ found by a search, with its score and highlighted text.' })
export class FaqSearchHit {
  @Field(() => Faq, { description: 'The FAQ.' }) faq!: Faq;
  @Field(() => Float, { description: 'How well it answers the query: higher is better; comparable within one search only.' }) score!: number;
  @Field({ description: 'The question with the matched words in `<mark>…</mark>` (the rest HTML-escaped).' }) questionHighlight!: string;
  @Field({ description: 'Up to two passages of the answer around the matched words, in `<mark>…</mark>`, separated by ` … ` (the rest HTML-escaped).' }) snippet!: string;
}

@ObjectType({ description: 'A page of search results, best first, with the query as it was understood.' })
export class FaqSearchResults {
  @Field(() => [FaqSearchHit], { description: 'The FAQs of this page, best first.' }) items!: FaqSearchHit[];
  @Field(() => Pagination, { description: 'Where this page sits (the total counts at most the 1,000 best candidates, docs/dev.md "Search").' }) pagination!: Pagination;
  @Field({ description: 'The query as the search understood it: misspelled words corrected against the knowledge base ("where is my parcel").' }) interpretedAs!: string;
}

@ObjectType({ description: 'What a DELETE removed.' })
export class FaqDeletion {
  @Field({ description: "The FAQ's reference." }) reference!: string;
  @Field(() => FaqRemoval, { description: 'A context link, or the FAQ.' }) removed!: FaqRemoval;
  @Field(() => Faq, { nullable: true, description: 'The FAQ as it is now; null when it was removed.' }) faq?: Faq | null;
}

export const FaqPage = PageOf(Faq, 'Faq');
export const FaqVersionPage = PageOf(FaqVersion, 'FaqVersion');
