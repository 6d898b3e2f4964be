export type DownloadResult = { filename: string; blob: Blob };

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
