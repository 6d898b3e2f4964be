import { Transform, type TransformCallback } from 'node:stream';
import { CONTACT_FILE_MESSAGES, CONTACT_FILE_TYPES, contactFileExtension, contactFileProblem } from '@crm/contract';
import { unprocessable } from '../../lib/http-errors';

const MAX_NAME = 255;

/** The messages of a refused upload, all answered as 422 beside "file": the contract's, and the server's own. */
export const FILE_MESSAGES = {
  ...CONTACT_FILE_MESSAGES,
  badContentType: (extension: string, types: readonly string[]) => `A .${extension} file must be sent as ${types.join(' or ')}`,
  unreadable: 'The upload could not be read. Please try again.',
} as const;

const refuse = (message: string) => unprocessable({ file: message });

/** The name as kept and shown: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f').join('');
  return printable.trim().slice(0, MAX_NAME);
}

/**
 * What an upload's name and declared type allow, before any byte is stored: the extension must be
 * one of CONTACT_FILE_TYPES, and the declared content type one listed for it (or the generic
 * application/octet-stream). The file is kept as the extension's first listed type.
 */
export function acceptedType(fileName: string, declaredType: string): { extension: string; contentType: string } {
  const problem = contactFileProblem(fileName);
  const extension = contactFileExtension(fileName);
  const types = extension ? CONTACT_FILE_TYPES[extension] : undefined;
  if (problem || !extension || !types?.[0]) throw refuse(problem ?? FILE_MESSAGES.missing);
  const declared = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared !== 'application/octet-stream' && !types.includes(declared)) throw refuse(FILE_MESSAGES.badContentType(extension, types));
  return { extension, contentType: types[0] };
}

const startsWith = (bytes: number[]) => (head: Buffer) => head.subarray(0, bytes.length).equals(Buffer.from(bytes));
const JPEG = { matches: startsWith([0xff, 0xd8, 0xff]), message: 'The file does not look like a JPEG image' };

/** File kinds whose first bytes are checked, with what they must start with and the message when they do not. */
const SIGNATURES: Record<string, { matches: (head: Buffer) => boolean; message: string }> = {
  // A PDF's header may follow a little junk; readers look for it in the first kilobyte.
  pdf: { matches: (head) => head.subarray(0, 1024).includes('%PDF-'), message: 'The file does not look like a PDF' },
  png: { matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), message: 'The file does not look like a PNG image' },
  jpg: JPEG,
  jpeg: JPEG,
  gif: { matches: (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')), message: 'The file does not look like a GIF image' },
};

/** Bytes looked at before the first byte passes on (enough for every signature above). */
const HEAD_BYTES = 1024;

/**
 * A pass-through that refuses the upload while it streams, so the storage provider's put fails and
 * keeps nothing: a file whose first bytes do not match its extension, an empty file, and a file the
 * multipart parser cut off at CONTACT_FILE_MAX_BYTES (`truncated()` is true once the part has ended).
 * Counts the bytes that passed.
 */
export function createUploadInspector(extension: string, truncated: () => boolean): Transform & { bytes: () => number } {
  const signature = Object.hasOwn(SIGNATURES, extension) ? SIGNATURES[extension] : undefined;
  let head: Buffer[] | null = [];
  let headLength = 0;
  let bytes = 0;

  function release(stream: Transform): Error | null {
    const buffered = Buffer.concat(head ?? []);
    head = null;
    if (signature && !signature.matches(buffered)) return refuse(signature.message);
    if (buffered.length) stream.push(buffered);
    return null;
  }

  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      bytes += chunk.length;
      if (head === null) return callback(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      callback(headLength >= HEAD_BYTES ? release(this) : null);
    },
    flush(callback: TransformCallback) {
      if (truncated()) return callback(refuse(FILE_MESSAGES.tooLarge));
      if (bytes === 0) return callback(refuse(FILE_MESSAGES.empty));
      callback(head === null ? null : release(this));
    },
  });
  return Object.assign(inspector, { bytes: () => bytes });
}
