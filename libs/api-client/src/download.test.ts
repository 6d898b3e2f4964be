import { afterEach, describe, expect, it, vi } from 'vitest';
import { filenameFromContentDisposition, saveDownload } from './download';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('filenameFromContentDisposition', () => {
  it("prefers filename*=UTF-8''", () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="a.csv"; filename*=UTF-8''%C3%A9t%C3%A9%20list.csv`,
      ),
    ).toBe('été list.csv');
    expect(filenameFromContentDisposition(`attachment; filename*=utf-8''x.xlsx`)).toBe('x.xlsx');
  });
  it('reads a quoted filename, with escapes and semicolons', () => {
    expect(filenameFromContentDisposition('attachment; filename="my; \\"best\\" list.csv"')).toBe(
      'my; "best" list.csv',
    );
  });
  it('reads a bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename=contacts.csv; size=10')).toBe(
      'contacts.csv',
    );
  });
  it('falls back to filename when filename* is malformed', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.csv"`),
    ).toBe('ok.csv');
  });
  it('gives undefined without a file name', () => {
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('inline')).toBeUndefined();
  });
});

describe('saveDownload', () => {
  it('saves through an object URL and a temporary <a download>', () => {
    vi.useFakeTimers();
    const blob = new Blob(['a,b']);
    const createObjectURL = vi
      .spyOn(URL, 'createObjectURL')
      .mockReturnValue('blob:http://localhost/1');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({
        href: this.href,
        download: this.download,
        inDocument: document.body.contains(this),
      });
    });

    saveDownload({ filename: 'contacts.csv', blob });

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:http://localhost/1', download: 'contacts.csv', inDocument: true },
    ]);
    expect(document.querySelector('a')).toBeNull();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');
  });
});
