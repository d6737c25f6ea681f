import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import { closedList, PageOf } from '../../../kernel/graphql-types.js';
import { User } from '../accounts/entities.js';
import { Nullable } from '../../../kernel/validation.js';

export const DocumentType = closedList('DocumentType', 'The kind of identity document a user submits for verification.', {
  passport: 'A passport: its photo page is enough (the back is optional).',
  drivers_license: "A driver's licence: front and back.",
  national_id: 'A national identity card: front and back.',
});
export type DocumentType = keyof typeof DocumentType;

export const VerificationStatus = closedList('VerificationStatus', 'Where an identity verification submission stands.', {
  pending: 'Received and waiting for review (review typically takes 24 to 48 hours); another submission is refused meanwhile.',
  approved: "A platform administrator approved it: the user's account is verified.",
  rejected: 'A platform administrator rejected it, with a reason; the user may submit again.',
});

export const VerificationDecision = closedList('VerificationDecision', "A platform administrator's decision on an identity verification.", {
  approve: "Accept the documents: the user's account becomes verified.",
  reject: 'Refuse the documents, with a reason the user is told; the user may submit again.',
});
export type VerificationDecision = keyof typeof VerificationDecision;
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

@ObjectType({ description: 'An identity verification submission as platform administrators review it (documents stay private files).' })
export class IdentityVerification {
  @Field(() => ID, { description: "The submission's identifier." }) id!: string;
  @Field(() => User, { description: 'The user who submitted it.' }) user!: User;
  @Field(() => DocumentType, { description: 'The kind of document submitted.' }) documentType!: DocumentType;
  @Field(() => VerificationStatus, { description: 'Where the submission stands.' }) status!: VerificationStatus;
  @Field({ description: 'When the user submitted it.' }) submittedAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When an administrator decided on it; null while pending.' }) reviewedAt!: Date | null;
  @Field(() => User, { nullable: true, description: 'The administrator who decided; null while pending.' }) reviewedBy!: User | null;
  @Field(() => String, { nullable: true, description: 'Why it was rejected (or a note on an approval); null while pending.' }) reason!: string | null;
}

export const IdentityVerificationPage = PageOf(IdentityVerification, 'IdentityVerification');

@ObjectType({ description: 'What platform support may see of a user account: no secret, no document.' })
export class SupportUserView {
  @Field(() => ID, { description: "The user's identifier." }) id!: string;
  @Field({ description: "The account's e-mail address." }) email!: string;
  @Field({ description: "The user's display name." }) name!: string;
  @Field({ description: 'Whether the identity was verified.' }) verified!: boolean;
  @Field({ description: 'When the account was created.' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When the account is due to be purged after a deletion request; null when none is pending.' }) deletionDate!: Date | null;
  @Field(() => Int, { description: 'Sessions signed in and not ended.' }) activeSessions!: number;
  @Field(() => VerificationStatus, { nullable: true, description: "The latest identity verification's status; null when the user never submitted one." })
  latestVerification!: VerificationStatus | null;
}
