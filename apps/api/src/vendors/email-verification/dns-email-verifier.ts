import { Resolver } from 'node:dns/promises';
import { asciiDomain, email } from '@crm/contract';
import type { EmailVerdict, EmailVerifier } from './email-verifier';

/** How long one DNS lookup may take before the answer is `unknown`. */
export const DNS_LOOKUP_TIMEOUT_MS = 3000;

/** The lookups the check needs, as node:dns/promises answers them; tests pass a stub. */
export type MailDnsResolver = {
  resolveMx(hostname: string): Promise<{ exchange: string; priority: number }[]>;
  resolve4(hostname: string): Promise<string[]>;
  resolve6(hostname: string): Promise<string[]>;
};

/** DNS answers that mean "this name has no such record" (NXDOMAIN, or the name exists without it). */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA']);

type Lookup<T> = { records: T[] } | { missing: true } | { failed: true };

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * Checks an address: its syntax (the contract's e-mail rule), then its domain's mail servers (an
 * internationalised domain by its ASCII form). MX
 * records that name a host mean valid; a null MX (RFC 7505, exchange ".") means the domain takes no
 * mail. Without MX records the domain's own A/AAAA address is the mail server (RFC 5321 §5.1); a
 * domain with neither is invalid. Timeouts, SERVFAIL and network errors answer `unknown`, never an
 * error.
 */
export function createDnsEmailVerifier(
  options: { resolver?: MailDnsResolver; timeoutMs?: number } = {},
): EmailVerifier {
  const timeoutMs = options.timeoutMs ?? DNS_LOOKUP_TIMEOUT_MS;
  const resolver = options.resolver ?? new Resolver({ timeout: timeoutMs, tries: 1 });

  async function lookup<T>(query: () => Promise<T[]>): Promise<Lookup<T>> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' })),
        timeoutMs,
      );
    });
    try {
      return { records: await Promise.race([query(), timeout]) };
    } catch (error) {
      return NO_RECORD.has(errorCode(error) ?? '') ? { missing: true } : { failed: true };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The fallback of RFC 5321: an A or AAAA record makes the domain its own mail server. */
  async function hasAddress(domain: string): Promise<EmailVerdict> {
    const v4 = await lookup(() => resolver.resolve4(domain));
    if ('records' in v4 && v4.records.length) return 'valid';
    if ('failed' in v4) return 'unknown';
    const v6 = await lookup(() => resolver.resolve6(domain));
    if ('records' in v6 && v6.records.length) return 'valid';
    return 'failed' in v6 ? 'unknown' : 'invalid';
  }

  return {
    async verify(address) {
      const parsed = email.safeParse(address);
      if (!parsed.success) return 'invalid';
      // an internationalised domain is looked up by its ASCII form (xn--…), as mail servers do
      const domain = asciiDomain(parsed.data.slice(parsed.data.lastIndexOf('@') + 1));
      if (domain === null) return 'invalid';
      const mx = await lookup(() => resolver.resolveMx(domain));
      if ('failed' in mx) return 'unknown';
      if ('records' in mx && mx.records.length) {
        const hosts = mx.records.filter((r) => r.exchange !== '' && r.exchange !== '.');
        return hosts.length ? 'valid' : 'invalid';
      }
      // No MX: NXDOMAIN has no address either; a name without MX may still take mail at its own address.
      return hasAddress(domain);
    },
  };
}
