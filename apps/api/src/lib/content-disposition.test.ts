import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Año 2026 – póliza.pdf')).toBe(
      `attachment; filename="Ano 2026 _ poliza.pdf"; filename*=UTF-8''A%C3%B1o%202026%20%E2%80%93%20p%C3%B3liza.pdf`,
    );
  });

  it('keeps quotes, backslashes and RFC 5987 specials from breaking the header', () => {
    expect(contentDisposition(`a "b"\\c'(d)*.txt`)).toBe(
      `attachment; filename="a _b__c'(d)*.txt"; filename*=UTF-8''a%20%22b%22%5Cc%27%28d%29%2A.txt`,
    );
    expect(contentDisposition('契約.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E5%A5%91%E7%B4%84.pdf`);
  });
});
