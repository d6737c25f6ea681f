import { fileTypeFromBuffer } from 'file-type';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import { validationError } from '../../../kernel/errors.js';
import type { Config } from '../../../kernel/config.js';
import { createStorage, type BlobStorage } from '../../../kernel/storage.js';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'];

export interface ReceivedFile {
  data: Buffer;
  mime: string;
  ext: string;
}

/**
 * Reads an uploaded file with a size limit and checks its real type from its first bytes
 * (the client's declared content type is not trusted).
 */
export async function receiveFile(upload: Promise<FileUpload> | undefined, field: string, maxBytes: number, allowed: string[]): Promise<ReceivedFile> {
  if (!upload) throw validationError(field, 'file is required');
  let file: FileUpload;
  try {
    file = await upload;
  } catch {
    throw validationError(field, 'file could not be read');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.createReadStream()) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw validationError(field, `file exceeds ${Math.round(maxBytes / 1024 / 1024)} MB`);
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if ((err as { extensions?: { code?: string } }).extensions?.code === 'VALIDATION_ERROR') throw err;
    // graphql-upload ends the stream with a 413 error past its size limit; any other error is a broken request
    const tooLarge = (err as { status?: number }).status === 413 || /exceed|truncated/i.test((err as Error).message ?? '');
    throw validationError(field, tooLarge ? `file exceeds ${Math.round(maxBytes / 1024 / 1024)} MB` : 'file could not be read (the request ended early)');
  }
  const data = Buffer.concat(chunks);
  if (data.length === 0) throw validationError(field, 'file is empty');
  const type = await fileTypeFromBuffer(data);
  if (!type || !allowed.includes(type.mime)) {
    throw validationError(field, `must be one of ${allowed.join(', ')}`);
  }
  return { data, mime: type.mime, ext: type.ext };
}

let storage: BlobStorage | undefined;
/** The family's file store (avatars are public, identity documents private; kernel/storage.ts). */
export const storageOf = (config: Config): BlobStorage => (storage ??= createStorage(config.dataDir, config.publicUrl));
