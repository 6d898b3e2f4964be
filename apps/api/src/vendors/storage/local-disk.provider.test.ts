import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk.provider';
import { storageKey } from './storage.provider';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storage-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const files = async () => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

describe('local disk storage', () => {
  it('puts, gets and deletes bytes under a key', async () => {
    const storage = createLocalDiskStorage(dir);
    const key = storageKey('contact-files');
    expect(key).toMatch(/^contact-files\/[0-9a-f]{32}$/);
    await storage.put(key, Readable.from(['hello ', 'world']));
    expect(await readFile(join(dir, key), 'utf8')).toBe('hello world');
    expect(await text((await storage.get(key))!)).toBe('hello world');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // nothing stored: fine
  });

  it('keeps nothing when the stream fails half way', async () => {
    const storage = createLocalDiskStorage(dir);
    async function* failing() {
      yield Buffer.from('part of it');
      throw new Error('connection lost');
    }
    await expect(storage.put('contact-files/abc', Readable.from(failing()))).rejects.toThrow('connection lost');
    expect(await files()).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = createLocalDiskStorage(dir);
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', 'A.pdf', '']) {
      await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
    }
  });
});
