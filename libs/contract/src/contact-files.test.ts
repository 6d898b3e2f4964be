import { describe, expect, it } from 'vitest';
import { CONTACT_FILE_MAX_BYTES, contactFileExtension, contactFileProblem } from './contact-records.contract';

describe('the contact file rule (shared by the browser and the server)', () => {
  it('reads the extension in lower case; names without one have none', () => {
    expect(contactFileExtension('Policy.PDF')).toBe('pdf');
    expect(contactFileExtension('notes')).toBeNull();
    expect(contactFileExtension('.env')).toBeNull();
    expect(contactFileExtension('file.')).toBeNull();
  });

  it('refuses by name first, then by size, with the messages shown beside the field', () => {
    expect(contactFileProblem('notes')).toBe('Files without an extension are not accepted');
    expect(contactFileProblem('setup.exe', 10)).toBe('Files of type .exe are not accepted');
    expect(contactFileProblem('empty.pdf', 0)).toBe('The file is empty');
    expect(contactFileProblem('big.pdf', CONTACT_FILE_MAX_BYTES + 1)).toBe('File must be at most 20 MB');
    expect(contactFileProblem('exact.pdf', CONTACT_FILE_MAX_BYTES)).toBeNull();
    // the server checks the name before the size is known
    expect(contactFileProblem('scan.png')).toBeNull();
  });
});
