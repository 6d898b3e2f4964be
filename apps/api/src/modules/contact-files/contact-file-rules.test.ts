import { describe, expect, it } from 'vitest';
import { acceptedType, cleanFileName, contentDisposition } from './contact-file-rules';

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

describe('cleanFileName', () => {
  it('drops folders and control characters', () => {
    expect(cleanFileName('C:\\fakepath\\scan.pdf')).toBe('scan.pdf');
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanFileName(' bad\u0000\r\nname.txt ')).toBe('badname.txt');
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(255);
  });
});

describe('acceptedType', () => {
  it('takes a listed type or octet-stream, ignoring case and parameters, and keeps the first listed type', () => {
    expect(acceptedType('a.CSV', 'application/vnd.ms-excel')).toEqual({ extension: 'csv', contentType: 'text/csv' });
    expect(acceptedType('a.txt', 'Text/Plain; charset=utf-8')).toEqual({ extension: 'txt', contentType: 'text/plain' });
    expect(acceptedType('a.wav', 'application/octet-stream')).toEqual({ extension: 'wav', contentType: 'audio/wav' });
  });

  it('refuses names that only look like an allowed type', () => {
    expect(() => acceptedType('.pdf', 'application/pdf')).toThrow('Files without an extension are not accepted');
    expect(() => acceptedType('report.', 'application/pdf')).toThrow('Files without an extension are not accepted');
    expect(() => acceptedType('x.constructor', 'application/octet-stream')).toThrow('Files of type .constructor are not accepted');
    expect(() => acceptedType('report.pdf.exe', 'application/pdf')).toThrow('Files of type .exe are not accepted');
  });
});
