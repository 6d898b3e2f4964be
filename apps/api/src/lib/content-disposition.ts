/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>` (RFC 6266): the plain name
 * for old clients (accents dropped, anything else outside printable ASCII, quotes and backslashes
 * as "_"), the exact name for the rest.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
