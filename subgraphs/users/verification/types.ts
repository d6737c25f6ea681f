import { Field, ID, InputType, ObjectType } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import { closedList } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';

export const DocumentType = closedList('DocumentType', 'The kind of identity document a user submits for verification.', {
  passport: 'A passport: its photo page is enough (the back is optional).',
  drivers_license: "A driver's licence: front and back.",
  national_id: 'A national identity card: front and back.',
});
export type DocumentType = keyof typeof DocumentType;

export const VerificationStatus = closedList('VerificationStatus', 'Where an identity verification submission stands.', {
  pending: 'Received and waiting for review (review typically takes 24 to 48 hours); another submission is refused meanwhile.',
});
export type VerificationStatus = keyof typeof VerificationStatus;

@InputType({ description: 'An identity verification submission: the document and a selfie, each at most 10 MB.' })
export class VerificationInput {
  @Field(() => DocumentType, { description: 'The kind of document.' }) documentType!: DocumentType;
  @Field(() => GraphQLUpload, { description: 'The front of the document: an image (JPEG, PNG, WebP, GIF) or a PDF.' }) documentFront!: Promise<FileUpload>;
  @Field(() => GraphQLUpload, { nullable: true, description: 'The back of the document, as the front; required except for a passport.' })
  @Nullable()
  documentBack?: Promise<FileUpload>;
  @Field(() => GraphQLUpload, { description: 'A selfie of the user: an image (JPEG, PNG, WebP, GIF).' }) selfie!: Promise<FileUpload>;
}

@ObjectType({ description: 'A received identity verification submission.' })
export class VerificationSubmission {
  @Field(() => ID, { description: "The submission's identifier." }) verificationId!: string;
  @Field(() => VerificationStatus, { description: 'Where the submission stands: `pending` on submission.' }) status!: VerificationStatus;
  @Field({ description: 'What happened, in words for people.' }) message!: string;
}
