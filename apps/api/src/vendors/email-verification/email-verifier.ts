/**
 * What checking an e-mail address can tell: `valid` (good syntax and the domain takes mail),
 * `invalid` (bad syntax, no such domain, or a domain that says it takes no mail), `unknown` (the
 * check could not decide: DNS timed out, failed or was unreachable).
 */
export type EmailVerdict = 'valid' | 'invalid' | 'unknown';

/** Checks e-mail addresses (validate_email). The DNS implementation is dns-email-verifier.ts. */
export type EmailVerifier = {
  verify(address: string): Promise<EmailVerdict>;
};
