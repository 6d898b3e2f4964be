import { describe, expect, it } from 'vitest';
import { asciiDomain, isEmailAddress } from './email-address';
import { email } from './user.contract';

describe('isEmailAddress: what mail systems accept', () => {
  it.each([
    'plain@example.com',
    "o'brien@example.com",
    "d'angelo.o'neil@example.co.uk",
    'a+b@example.com',
    'first.last+tag@sub.example.org',
    "!#$%&'*+/=?^_`{|}~-@example.com",
    '"john doe"@example.com',
    '"a@b"@example.com',
    '"quoted\\"quote"@example.com',
    'josé.smith@exämple.com',
    'JOSÉ.SMITH@EXÄMPLE.COM',
    '用户@例子.广告',
    'почта@пример.рф',
    'δοκιμή@παράδειγμα.δοκιμή',
    'maría@correo.españa.es',
    'x@xn--exmple-cua.com',
    'user@a-b.example',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ['no at sign', 'plain.example.com'],
    ['a space', 'john smith@example.com'],
    ['a no-break space', 'john\u00a0smith@example.com'],
    ['two @ outside quotes', 'two@@example.com'],
    ['two @ outside quotes, apart', 'a@b@example.com'],
    ['an empty local part', '@example.com'],
    ['an empty domain', 'someone@'],
    ['a leading dot', '.dot@example.com'],
    ['a trailing dot in the local part', 'dot.@example.com'],
    ['two dots', 'a..b@example.com'],
    ['a trailing dot in the domain', 'someone@example.com.'],
    ['an empty label', 'someone@example..com'],
    ['a domain without a dot', 'someone@localhost'],
    ['a label starting with a hyphen', 'someone@-example.com'],
    ['a label ending with a hyphen', 'someone@example-.com'],
    ['an underscore in the domain', 'someone@exa_mple.com'],
    ['an all-digit top-level label', 'someone@192.168.0.1'],
    ['an address literal', 'someone@[192.0.2.1]'],
    ['a comma', 'a,b@example.com'],
    ['angle brackets', '<a@example.com>'],
    ['a control character', 'a\u0007b@example.com'],
    ['an invisible formatting character', 'a\u200bb@example.com'],
    ['an unclosed quote', '"john@example.com'],
    ['a local part over 64 octets', `${'a'.repeat(65)}@example.com`],
    ['a local part over 64 octets of UTF-8', `${'é'.repeat(33)}@example.com`],
    ['a label over 63 octets', `a@${'b'.repeat(64)}.com`],
    ['an address over 254 octets', `a@${Array.from({ length: 5 }, () => 'c'.repeat(60)).join('.')}.com`],
  ])('refuses %s (%s)', (_why, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('gives an internationalised domain in the ASCII form DNS knows', () => {
    expect(asciiDomain('exämple.com')).toBe('xn--exmple-cua.com');
    expect(asciiDomain('例子.广告')).toBe('xn--fsqu00a.xn--4rr70v');
    expect(asciiDomain('Example.COM')).toBe('example.com');
  });
});

describe('the contract\'s e-mail field', () => {
  it('trims, composes Unicode (NFC) and checks by the one rule, with its messages', () => {
    expect(email.parse('  jose\u0301@exa\u0308mple.com ')).toBe('jos\u00e9@ex\u00e4mple.com');
    expect(email.safeParse('').error?.issues[0]?.message).toBe('Email is required');
    expect(email.safeParse('x@localhost').error?.issues[0]?.message).toBe('Email is invalid');
    expect(email.safeParse(`${'a'.repeat(250)}@example.com`).error?.issues[0]?.message).toBe('Email is too long');
  });
});
