import type { Estimate } from './zxcvbn-engine';

/**
 * The password rule (NIST SP 800-63B-4 §3.1.1.2, OWASP ASVS 5.0 V6): 12 to 128 characters of any
 * kind, counted as Unicode code points after NFKC normalisation; no composition rules; refused
 * when it contains one of the account's context-specific words (personalWords: the first or last
 * name, the e-mail's local part and its parts, the username, the brand, the company; case,
 * accents and separators ignored) or when zxcvbn (with the common-password list and those words)
 * scores it below 3.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN_SCORE = 3;
/**
 * The rule's version: raise it when the rule changes, so that a password found to pass the old
 * rule is checked against the new one at its next sign-in.
 */
export const PASSWORD_RULE_VERSION = 2;
/** The fewest letters a word of the account must have to be refused inside a password ("Al" and "Li" are not). */
export const PERSONAL_WORD_MIN_LETTERS = 3;

/** What the help text under a new-password field says. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password; avoid your name, e-mail, brand, company and common passwords.`;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters.`;
/** When the password contains one of the account's own words (personalWords). */
export const PASSWORD_PERSONAL = "Don't use your name, e-mail, brand or company in your password.";
/** The highest strength a password with one of the account's own words is given (1: "Weak"). */
export const PERSONAL_MAX_SCORE = 1;
/** When zxcvbn refuses a password without a warning or suggestion of its own. */
export const PASSWORD_GUESSABLE = 'This password is easy to guess.';

/** A password as it is checked and hashed: the NFKC form (full-width letters, ligatures and the like become plain ones). */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Length in Unicode code points of the normalised password (an emoji counts once). */
export function passwordLength(password: string): number {
  return [...normalizePassword(password)].length;
}

export type PasswordScore = Estimate['score'];

export type PasswordVerdict = {
  ok: boolean;
  /** zxcvbn's score, 0–4 (null when the password is too long to estimate). */
  score: PasswordScore | null;
  /** Why it is refused: the length rule and zxcvbn's warning and suggestions, in one sentence group; null when it passes. */
  message: string | null;
};

/** The account's own words a password must not be built from. */
export type PasswordContext = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  username?: string | null;
  /** The brand's display name (Harbor, Keystone, ...). */
  brandName?: string | null;
  companyName?: string | null;
};

/**
 * zxcvbn's user inputs for an account: each value as given, the e-mail's local part and domain,
 * and the words within them (three letters or more), so `harbor2026!` is refused for a Harbor user
 * and `jordan.lee@…` guards `jordanlee`.
 */
export function passwordContext(context: PasswordContext): string[] {
  const values = [context.firstName, context.lastName, context.email, context.username, context.brandName, context.companyName]
    .map((value) => value?.trim() ?? '')
    .filter(Boolean);
  const [local, domain] = (context.email ?? '').split('@');
  const parts = [local, domain, domain?.split('.')[0]].filter((part): part is string => Boolean(part));
  const words = [...values, ...parts].flatMap((value) => value.split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  return [...new Set([...values, ...parts, ...words].map((value) => normalizePassword(value).toLowerCase()))];
}

/**
 * Text as the personal-word check compares it: NFKC, accents removed (NFKD without combining
 * marks), lower case, and only letters and digits kept, so `Robin.Ellis`, `robin_ellis` and
 * `RÓBIN-ellis` all read `robinellis`.
 */
export function foldForComparison(text: string): string {
  return normalizePassword(text)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const letterCount = (word: string) => (word.match(/\p{L}/gu) ?? []).length;

/**
 * The account's context-specific words (NIST SP 800-63B-4 §3.1.1.2) a password must not contain,
 * folded (foldForComparison): the first and last name, the e-mail's local part and its parts split
 * on `.`, `_`, `-` and `+`, the username and its parts, the brand's name, the company's name and
 * each of its words. A word counts with PERSONAL_WORD_MIN_LETTERS letters or more.
 */
export function personalWords(context: PasswordContext): string[] {
  const local = (context.email ?? '').split('@')[0] ?? '';
  const split = (value: string | null | undefined) => (value ? [value, ...value.split(/[._+\-\s]+/u)] : []);
  const words = [
    context.firstName,
    context.lastName,
    ...split(local),
    ...split(context.username),
    context.brandName,
    ...split(context.companyName),
  ]
    .map((value) => foldForComparison(value ?? ''))
    .filter((word) => letterCount(word) >= PERSONAL_WORD_MIN_LETTERS);
  return [...new Set(words)];
}

/** The first of the account's words (personalWords) the password contains, or null. */
export function personalWordIn(password: string, context: PasswordContext): string | null {
  const folded = foldForComparison(password);
  return personalWords(context).find((word) => folded.includes(word)) ?? null;
}

/**
 * The verdict from a length, a zxcvbn estimate and whether the password contains one of the
 * account's words; loadPasswordRule() supplies the estimate and that finding.
 */
export function verdictOf(length: number, estimate: Estimate | null, personal = false): PasswordVerdict {
  if (length > PASSWORD_MAX || !estimate) return { ok: false, score: estimate?.score ?? null, message: PASSWORD_TOO_LONG };
  const tooShort = length < PASSWORD_MIN;
  const weak = estimate.score < PASSWORD_MIN_SCORE;
  // The account's own words say why on their own: zxcvbn's "personal data" warning would repeat it.
  const feedback = personal
    ? PASSWORD_PERSONAL
    : weak
      ? [estimate.warning, ...estimate.suggestions].filter(Boolean).join(' ') || PASSWORD_GUESSABLE
      : null;
  const message = [tooShort ? PASSWORD_TOO_SHORT : null, feedback].filter(Boolean).join(' ') || null;
  const score = personal ? (Math.min(estimate.score, PERSONAL_MAX_SCORE) as PasswordScore) : estimate.score;
  return { ok: !tooShort && !weak && !personal, score, message };
}

export type PasswordRule = {
  /** Checks a new password (as typed; it is normalised here) against the rule, with the account's words. */
  check(password: string, context?: PasswordContext): PasswordVerdict;
};

let loading: Promise<PasswordRule> | null = null;

/**
 * The rule with its dictionaries, loaded on the first call and kept (once per server process, once
 * per page in the browser, where the dictionaries arrive as a separate chunk).
 */
export function loadPasswordRule(): Promise<PasswordRule> {
  loading ??= import('./zxcvbn-engine').then(
    ({ estimate }) => ({
      check(password, context = {}) {
        const normalized = normalizePassword(password);
        const length = [...normalized].length;
        // A password past the limit is refused on its length alone: no estimate of long input.
        if (length > PASSWORD_MAX) return verdictOf(length, null);
        return verdictOf(length, estimate(normalized, passwordContext(context)), personalWordIn(normalized, context) !== null);
      },
    }),
    (error: unknown) => {
      loading = null; // the next call fetches again
      throw error;
    },
  );
  return loading;
}

/** loadPasswordRule().check(...) in one call. */
export async function checkPassword(password: string, context?: PasswordContext): Promise<PasswordVerdict> {
  return (await loadPasswordRule()).check(password, context);
}
