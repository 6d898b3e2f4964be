import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../vendors/storage/local-disk.provider';
import type { ContactsCaller } from '../contacts/contacts.service';
import type { ContactFilesRepository } from './contact-files.repository';
import { createContactFilesService } from './contact-files.service';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contact-files-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const caller = { user: { id: 7, companyId: 1 }, roles: ['agent'] } as unknown as ContactsCaller;
const contacts = { requireReachable: async () => ({ id: 42 }) } as never;

describe('contact files service', () => {
  it('removes the stored bytes when saving the row fails after the upload was stored', async () => {
    const failing = {
      insert: async () => {
        throw new Error('database went away');
      },
    } as unknown as ContactFilesRepository;
    const service = createContactFilesService({ files: failing, storage: createLocalDiskStorage(dir), contacts });
    const incoming = { fileName: 'notes.txt', contentType: 'text/plain', stream: Readable.from([Buffer.from('hello')]), truncated: () => false };
    await expect(service.upload(caller, 42, async () => incoming)).rejects.toThrow('database went away');
    const left = await readdir(dir, { recursive: true, withFileTypes: true });
    expect(left.filter((e) => e.isFile())).toEqual([]);
  });

  it('answers 422 when the upload stream breaks, and keeps nothing', async () => {
    const service = createContactFilesService({ files: {} as ContactFilesRepository, storage: createLocalDiskStorage(dir), contacts });
    const broken = new Readable({ read() {} });
    broken.push(Buffer.from('%PDF-1.7 and then'));
    setTimeout(() => broken.destroy(new Error('Part terminated early')), 10);
    const incoming = { fileName: 'cut.pdf', contentType: 'application/pdf', stream: broken, truncated: () => false };
    await expect(service.upload(caller, 42, async () => incoming)).rejects.toMatchObject({
      status: 422,
      errors: { file: 'The upload could not be read. Please try again.' },
    });
    const left = await readdir(dir, { recursive: true, withFileTypes: true });
    expect(left.filter((e) => e.isFile())).toEqual([]);
  });
});
