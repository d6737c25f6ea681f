import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * Where uploaded files go. Keys under `public/` are served at `<PUBLIC_URL>/files/<key without public/>`;
 * keys under `private/` (identity documents) are never served. The local-disk store keeps them under DATA_DIR/uploads;
 * an object store (S3 and the like) implements the same three calls.
 */
export interface BlobStorage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  /** Public URL of a `public/` key. */
  publicUrl(key: string): string;
}

export const uploadsRoot = (dataDir: string) => join(dataDir, 'uploads');
export const publicFilesRoot = (dataDir: string) => join(uploadsRoot(dataDir), 'public');

export class LocalDiskStorage implements BlobStorage {
  constructor(
    private readonly root: string,
    private readonly publicBase: string,
  ) {}

  private path(key: string): string {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error('storage key escapes the storage root');
    return p;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, data, { mode: 0o640 });
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true, recursive: true });
  }

  publicUrl(key: string): string {
    if (!key.startsWith('public/')) throw new Error('only public/ keys have a URL');
    return `${this.publicBase}/files/${key.slice('public/'.length)}`;
  }
}

export function createStorage(dataDir: string, publicUrl: string): BlobStorage {
  return new LocalDiskStorage(uploadsRoot(dataDir), publicUrl);
}
