/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>` (RFC 6266): the plain name
 * for old clients (accents dropped, anything else outside printable ASCII, quotes and backslashes
 * as "_"), the exact name for the rest. `inline` for a file the browser may show itself.
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
