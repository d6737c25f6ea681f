import { randomUUID } from 'node:crypto';
import { AppError, validationError } from '../../../kernel/errors.js';
import type { AccountScope } from '../common/scope.js';
import { DOCUMENT_TYPES, IMAGE_TYPES, receiveFile, storageOf } from '../common/files.js';
import { ownAccount, lockOwnAccount } from '../accounts/service.js';
import { Verification, type VerificationFiles } from './entities.js';
import { DocumentType, VerificationStatus, type VerificationInput, type VerificationSubmission } from './types.js';

/** Stores the documents as private files and records the submission, pending review; one pending at a time. */
export async function submitVerification(account: AccountScope, input: VerificationInput): Promise<VerificationSubmission> {
  const { em, config } = account;
  const user = await ownAccount(em, account.userId);
  if (await em.count(Verification, { user, status: VerificationStatus.pending })) {
    throw new AppError('CONFLICT', 'A verification is already pending review');
  }
  const max = config.DOCUMENT_MAX_BYTES;
  const front = await receiveFile(input.documentFront, 'documentFront', max, DOCUMENT_TYPES);
  if (!input.documentBack && input.documentType !== DocumentType.passport) {
    throw validationError('documentBack', `is required for ${input.documentType}`);
  }
  const back = input.documentBack ? await receiveFile(input.documentBack, 'documentBack', max, DOCUMENT_TYPES) : undefined;
  const selfie = await receiveFile(input.selfie, 'selfie', max, IMAGE_TYPES);
  const store = storageOf(config);
  const id = randomUUID();
  const base = `private/verifications/${user.id}/${id}`;
  const files: VerificationFiles = {
    documentFront: `${base}/front.${front.ext}`,
    ...(back ? { documentBack: `${base}/back.${back.ext}` } : {}),
    selfie: `${base}/selfie.${selfie.ext}`,
  };
  await store.put(files.documentFront, front.data);
  if (back) await store.put(files.documentBack!, back.data);
  await store.put(files.selfie, selfie.data);
  try {
    // one pending at a time, judged under the account's lock (docs/contract.md "Concurrency"): of two submissions at
    // once, the second finds the first pending
    await em.transactional(async (tx) => {
      const locked = await lockOwnAccount(tx, account.userId);
      if (await tx.count(Verification, { user: locked, status: VerificationStatus.pending })) throw new AppError('CONFLICT', 'A verification is already pending review');
      tx.create(Verification, { id, user: locked, documentType: input.documentType, files });
    });
  } catch (err) {
    await store.delete(base);
    throw err;
  }
  return { verificationId: id, status: VerificationStatus.pending, message: 'Verification submitted; review typically takes 24 to 48 hours' };
}
