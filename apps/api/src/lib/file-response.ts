import { contentDisposition } from './content-disposition';

/**
 * Raster images, which a browser shows and never runs: the only files sent to be shown inline.
 * Everything else (SVG and HTML included, which could carry script) is an attachment.
 */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A file opened on its own gets no script, no plugin and no origin, whatever it holds. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export type SentFile = { fileName: string; contentType: string; byteSize?: number };

/**
 * The headers of every file the API sends (uploaded contact files, exports, import error files,
 * print PDFs): the stored content type and no sniffing of another, `attachment` unless a raster
 * image, never cached by a shared cache, and a policy that keeps a file opened in the browser
 * from acting as a page of the product.
 */
export function fileHeaders(file: SentFile): Record<string, string> {
  const type = file.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return {
    'content-type': file.contentType,
    ...(file.byteSize !== undefined && { 'content-length': String(file.byteSize) }),
    'content-disposition': contentDisposition(file.fileName, INLINE_TYPES.has(type) ? 'inline' : 'attachment'),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'content-security-policy': FILE_CSP,
  };
}
