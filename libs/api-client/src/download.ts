import { ROW_ESTIMATE_HEADER } from '@crm/contract';

export type DownloadResult = { filename: string; blob: Blob };

/**
 * How far a download has come: the bytes received; for a CSV file the rows (its lines after the
 * header line; a value with a line break counts twice); and about how many rows the file has, when
 * the server said (its x-row-estimate header).
 */
export type DownloadProgress = { bytes: number; rows: number | undefined; expectedRows: number | undefined };

/**
 * The body of a file answer read as it arrives, telling `onProgress` after each part (and once
 * before the first, as soon as the headers are in); the file as a Blob of the answer's type.
 */
export async function readWithProgress(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const estimate = Number(response.headers.get(ROW_ESTIMATE_HEADER) ?? NaN);
  const expectedRows = Number.isFinite(estimate) && estimate >= 0 ? estimate : undefined;
  const csv = /^text\/csv\b/i.test(type);
  let bytes = 0;
  let lines = 0;
  const tell = () => onProgress({ bytes, rows: csv ? Math.max(0, lines - 1) : undefined, expectedRows });
  tell();
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    if (csv) for (let at = value.indexOf(10); at >= 0; at = value.indexOf(10, at + 1)) lines += 1;
    tell();
  }
  return new Blob(parts as BlobPart[], { type });
}

/**
 * The file name of a `content-disposition` header: `filename*=UTF-8''…` (percent-encoded) wins
 * over `filename="…"` or a bare `filename=…`. Undefined when the header names no file.
 */
export function filenameFromContentDisposition(
  header: string | null | undefined,
): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"(.*)"$/, '$1'));
    } catch {
      // Malformed encoding: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare?.[1];
}

/** Saves a downloaded file through an object URL and a temporary `<a download>`. */
export function saveDownload({ filename, blob }: DownloadResult): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; some browsers cancel a download revoked synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
