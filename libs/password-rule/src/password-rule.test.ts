import { describe, expect, it } from 'vitest';
import {
  PASSWORD_PERSONAL,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  checkPassword,
  loadPasswordRule,
  normalizePassword,
  passwordContext,
  passwordLength,
  personalWords,
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

const robin = {
  firstName: 'Robin',
  lastName: 'Ellis',
  email: 'new.agent@harbor-demo.example',
  username: 'new.agent',
  brandName: 'Harbor',
  companyName: 'Harbor Demo Agency',
};

describe("the account's own words (NIST SP 800-63B context-specific words)", () => {
  it.each([
    ['RobinEllis2026!', 'the first and last name'],
    ['robin.ellis.harbor', 'the names and the brand, with separators'],
    ['HarborAgent2026!', 'the brand'],
    ['ellis-lantern-tide', 'the last name between other words'],
    ['RÓBIN lantern tide', 'the first name, accented and upper case'],
    ['quiet new-agent otter', "the e-mail's local part"],
    ['quiet otter agent maps', "a part of the e-mail's local part"],
    ['Demo-Agency-Otters', "the company's name"],
  ])('refuses %s (%s) and rates it Weak at most', async (password) => {
    expect(await checkPassword(password, robin)).toEqual({ ok: false, score: expect.any(Number), message: PASSWORD_PERSONAL });
    expect((await checkPassword(password, robin)).score).toBeLessThanOrEqual(1);
  });

  it('says why in words', () => {
    expect(PASSWORD_PERSONAL).toBe("Don't use your name, e-mail, brand or company in your password.");
  });

  it('the same passwords pass for an account without those words', async () => {
    const other = { firstName: 'Casey', lastName: 'Nguyen', email: 'district@keystone-demo.example', brandName: 'Keystone', companyName: 'Keystone Demo Brokerage' };
    expect(await checkPassword('RobinEllis2026!', other)).toMatchObject({ ok: true, message: null });
    expect(await checkPassword('robin.ellis.harbor', other)).toMatchObject({ ok: true, message: null });
  });

  it('the too-short message comes first, then why', async () => {
    expect(await checkPassword('Robin2026!', robin)).toMatchObject({ ok: false, message: `${PASSWORD_TOO_SHORT} ${PASSWORD_PERSONAL}` });
  });

  it('words of fewer than 3 letters do not count', async () => {
    expect(personalWords({ firstName: 'Al', lastName: 'Li', email: 'al.li+x@example.com', brandName: 'Harbor' })).toEqual(['allix', 'harbor']);
    expect((await checkPassword('al-li-quiet-otter-maps', { firstName: 'Al', lastName: 'Li' })).ok).toBe(true);
  });

  it('folds case, accents and separators, and splits the local part on . _ - +', () => {
    expect(personalWords({ firstName: 'Zoë', lastName: "O'Brien-Núñez", email: 'zoe_ob+crm@example.com', companyName: 'Acme Life' })).toEqual([
      'zoe',
      'obriennunez',
      'zoeobcrm',
      'crm',
      'acmelife',
      'acme',
      'life',
    ]);
  });

  it.each([
    ['Alex', 'Morgan', 'admin@harbor-demo.example', 'admin', 'Harbor', 'Harbor Demo Agency'],
    ['Robin', 'Ellis', 'new.agent@harbor-demo.example', 'new.agent', 'Harbor', 'Harbor Demo Agency'],
    ['Parker', 'Holt', 'agent@keystone-demo.example', 'agent.keystone', 'Keystone', 'Keystone Demo Brokerage'],
    ['Rowan', 'Finch', 'basic@evergreen-demo.example', 'basic.evergreen', 'Evergreen', 'Evergreen Demo Funeral Home'],
  ])('the demo password passes for %s %s', async (firstName, lastName, email, username, brandName, companyName) => {
    expect(await checkPassword('Lantern-Orchard-2026', { firstName, lastName, email, username, brandName, companyName })).toMatchObject({
      ok: true,
      message: null,
    });
  });
});

describe('the password rule', () => {
  it.each([
    ['password1', 'This is a commonly used password. Add more words that are less common.'],
    ['12345678a', 'This is a commonly used password. Add more words that are less common.'],
    ['aaaaaaa1', 'Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.'],
  ])('refuses %s with zxcvbn feedback after the length rule', async (password, feedback) => {
    expect(await checkPassword(password, harborUser)).toMatchObject({
      ok: false,
      message: `${PASSWORD_TOO_SHORT} ${feedback}`,
    });
  });

  it("refuses the account's own e-mail, long as it is", async () => {
    const own = await checkPassword(harborUser.email, harborUser);
    expect(own).toEqual({ ok: false, score: 0, message: PASSWORD_PERSONAL });
    expect(await checkPassword('harbor2026!', harborUser)).toMatchObject({ ok: false, message: `${PASSWORD_TOO_SHORT} ${PASSWORD_PERSONAL}` });
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
