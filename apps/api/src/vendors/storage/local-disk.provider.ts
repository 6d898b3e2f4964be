import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type StorageProvider } from './storage.provider';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files on the local disk under `root` (STORAGE_DIR), one file per key. A put writes a temporary
 * file beside the target and renames it when the stream has ended, so a failed or cut-off upload
 * leaves nothing behind and a reader never sees half a file.
 */
export function createLocalDiskStorage(root: string): StorageProvider {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(base, key);
  };

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(body, file);
        await rename(temporary, target);
      } catch (error) {
        // a body that fails before the file has opened: the file is created (and closed) after the
        // failure, so it is removed once closed, not before
        if (!file.closed) await once(file, 'close').catch(() => undefined);
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },

    async get(key): Promise<Readable | null> {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
