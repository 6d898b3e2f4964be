import { describe, expect, it } from 'vitest';
import { acceptedType, cleanFileName } from './contact-file-rules';


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
