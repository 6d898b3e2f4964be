import { describe, expect, it } from 'vitest';
import {
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  checkPassword,
  loadPasswordRule,
  normalizePassword,
  passwordContext,
  passwordLength,
  verdictOf,
} from './password-rule';

const harborUser = {
  firstName: 'Alex',
  lastName: 'Morgan',
  email: 'alex.morgan@harbor-demo.example',
  username: 'admin',
  brandName: 'Harbor',
  companyName: 'Harbor Demo Agency',
};

describe('the password rule', () => {
  it.each([
    ['password1', 'This is a commonly used password. Add more words that are less common.'],
    ['12345678a', 'This is a commonly used password. Add more words that are less common.'],
    ['aaaaaaa1', 'Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.'],
    ['harbor2026!', 'There should not be any personal or page related data. Add more words that are less common.'],
  ])('refuses %s with zxcvbn feedback after the length rule', async (password, feedback) => {
    expect(await checkPassword(password, harborUser)).toMatchObject({
      ok: false,
      message: `${PASSWORD_TOO_SHORT} ${feedback}`,
    });
  });

  it("refuses the account's own e-mail, long as it is", async () => {
    const own = await checkPassword(harborUser.email, harborUser);
    expect(own).toEqual({
      ok: false,
      score: 0,
      message: 'There should not be any personal or page related data. Add more words that are less common.',
    });
    // The same e-mail is no word of another account: there it is only long.
    expect((await checkPassword(harborUser.email, { email: 'casey@keystone-demo.example', brandName: 'Keystone' })).ok).toBe(true);
  });

  it('passes a passphrase of 12 characters or more, and refuses 129 characters on length alone', async () => {
    expect(await checkPassword('lantern orchard tide', harborUser)).toEqual({ ok: true, score: 4, message: null });
    expect(await checkPassword('Lantern-Orchard-2026', harborUser)).toMatchObject({ ok: true, message: null });
    const words = 'quiet otter maps blue ';
    const max = words.repeat(6).slice(0, 128);
    expect(await checkPassword(max, harborUser)).toMatchObject({ ok: true });
    expect(await checkPassword(`${max}x`, harborUser)).toEqual({ ok: false, score: null, message: PASSWORD_TOO_LONG });
  });

  it('a strong password under 12 characters is refused on its length only', () => {
    expect(verdictOf(11, { score: 4, warning: null, suggestions: [] })).toEqual({ ok: false, score: 4, message: PASSWORD_TOO_SHORT });
    expect(verdictOf(12, { score: 2, warning: null, suggestions: [] })).toEqual({
      ok: false,
      score: 2,
      message: 'This password is easy to guess.',
    });
    expect(verdictOf(12, { score: 3, warning: null, suggestions: [] })).toEqual({ ok: true, score: 3, message: null });
  });

  it('normalises with NFKC and counts code points', async () => {
    expect(normalizePassword('Ｌａｎｔｅｒｎ')).toBe('Lantern');
    expect(passwordLength('ﬁ')).toBe(2); // the ligature is two letters
    expect(passwordLength('🔑'.repeat(12))).toBe(12);
    // Full-width "password1" is the common password once normalised.
    expect((await checkPassword('ｐａｓｓｗｏｒｄ１２３４', harborUser)).ok).toBe(false);
  });

  it("builds zxcvbn's user inputs from the account's words", () => {
    expect(passwordContext(harborUser)).toEqual([
      'alex',
      'morgan',
      'alex.morgan@harbor-demo.example',
      'admin',
      'harbor',
      'harbor demo agency',
      'alex.morgan',
      'harbor-demo.example',
      'harbor-demo',
      'demo',
      'example',
      'agency',
    ]);
  });

  it('loads the dictionaries once', async () => {
    expect(await loadPasswordRule()).toBe(await loadPasswordRule());
  });
});
