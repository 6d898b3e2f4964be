import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live (DESIGN.md §4 "Files"). Keys are made by the server (storageKey), never
 * from a user's file name; the database row keeps the key and the original name.
 */
export type StorageProvider = {
  /** Stores the stream under the key: all of it, or nothing when the stream fails. */
  put: (key: string, body: Readable) => Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Readable | null>;
  /** Removes the bytes; a key with nothing stored is fine. */
  delete: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** A new random key under a folder-like prefix, e.g. `contact-files/3f9c…`. */
export function storageKey(prefix: string): string {
  return `${prefix}/${randomBytes(16).toString('hex')}`;
}

/** Keys are ours: lower-case letters, digits and dashes in `/`-separated segments (nothing a path could escape with). */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key "${key}"`);
}
