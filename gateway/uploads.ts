import Upload from 'graphql-upload/Upload.mjs';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import { AppError } from '../kernel/errors.js';
import { graphqlMultipartForm, type MultipartFile } from '../kernel/multipart.js';

/** Plain objects only (the gateway's variables have no prototype, so test the prototype, not `.constructor`). */
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
};

/** Finds every Upload in the variables, returning the variables with nulls in their place and the uploads by path. */
export function extractUploads(variables: Record<string, unknown>): { clean: Record<string, unknown>; uploads: Map<string, Upload> } {
  const uploads = new Map<string, Upload>();
  const walk = (value: unknown, path: string): unknown => {
    if (value instanceof Upload) {
      uploads.set(path, value);
      return null;
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}.${i}`));
    if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${path}.${k}`)]));
    return value;
  };
  const clean = walk(variables, 'variables') as Record<string, unknown>;
  return { clean, uploads };
}

/**
 * The whole file, to forward it. A file the client's request cut short (or one over the size limit) is the client's
 * error: VALIDATION_ERROR naming the field (`variables.input.selfie` → `selfie`), as the subgraph itself would answer.
 */
async function toBlob(file: FileUpload, path: string): Promise<Blob> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.createReadStream()) chunks.push(chunk as Buffer);
  } catch (err) {
    const field = path.split('.').at(-1)!;
    const tooLarge = (err as { status?: number }).status === 413 || /exceed|truncated/i.test((err as Error).message ?? '');
    throw new AppError('VALIDATION_ERROR', `${field}: ${tooLarge ? 'file is too large' : 'file could not be read (the request ended early)'}`, field);
  }
  return new Blob([new Uint8Array(Buffer.concat(chunks))], { type: file.mimetype });
}

/** The GraphQL multipart request that forwards these uploads (kernel/multipart.ts). */
export async function multipartBody(query: string, clean: Record<string, unknown>, uploads: Map<string, Upload>, operationName?: string): Promise<FormData> {
  const files: MultipartFile[] = [];
  for (const [path, upload] of uploads) {
    const file = await upload.promise.catch(() => {
      const field = path.split('.').at(-1)!;
      throw new AppError('VALIDATION_ERROR', `${field}: file could not be read (the request ended early)`, field);
    });
    files.push({ path, blob: await toBlob(file, path), filename: file.filename });
  }
  return graphqlMultipartForm({ query, variables: clean, operationName }, files);
}
