import { describe, expect, it } from 'vitest';
import {
  createDnsEmailVerifier,
  DNS_LOOKUP_TIMEOUT_MS,
  type MailDnsResolver,
} from './dns-email-verifier';

const dnsError = (code: string) => Object.assign(new Error(code), { code });
type Answer = string[] | { exchange: string; priority: number }[] | 'never' | { error: string };
type Zone = Partial<Record<'mx' | 'a' | 'aaaa', Answer>>;

/** A resolver answering from a table, like node:dns/promises would; a name it does not know is NXDOMAIN. */
function stubResolver(zones: Record<string, Zone>): MailDnsResolver & { asked: string[] } {
  const asked: string[] = [];
  const answer = (kind: keyof Zone) => async (host: string) => {
    asked.push(`${kind} ${host}`);
    const zone = zones[host];
    if (!zone) throw dnsError('ENOTFOUND');
    const value = zone[kind];
    if (value === undefined) throw dnsError('ENODATA');
    if (value === 'never') return new Promise<never>(() => undefined);
    if ('error' in value) throw dnsError(value.error);
    return value as never;
  };
  return { asked, resolveMx: answer('mx'), resolve4: answer('a'), resolve6: answer('aaaa') };
}

const zones: Record<string, Zone> = {
  'mail.test': {
    mx: [
      { exchange: 'mx2.mail.test', priority: 20 },
      { exchange: 'mx1.mail.test', priority: 10 },
    ],
  },
  'a-only.test': { a: ['192.0.2.10'] },
  'v6-only.test': { aaaa: ['2001:db8::1'] },
  'bare.test': {},
  'nullmx.test': { mx: [{ exchange: '', priority: 0 }], a: ['192.0.2.20'] },
  'nullmx-dot.test': { mx: [{ exchange: '.', priority: 0 }] },
  'broken.test': { mx: { error: 'ESERVFAIL' } },
  'refused.test': { mx: { error: 'ECONNREFUSED' } },
  'slow.test': { mx: 'never' },
  'slow-a.test': { a: 'never' },
  // exämple.test and 例子.test as DNS knows them
  'xn--exmple-cua.test': { mx: [{ exchange: 'mx.xn--exmple-cua.test', priority: 10 }] },
  'xn--fsqu00a.test': { a: ['192.0.2.30'] },
};

describe('DNS e-mail verifier', () => {
  const verifier = (resolver = stubResolver(zones)) =>
    createDnsEmailVerifier({ resolver, timeoutMs: 30 });

  it.each([
    ['a@mail.test', 'valid'],
    ['A@MAIL.TEST', 'valid'],
    ['someone@a-only.test', 'valid'],
    ['someone@v6-only.test', 'valid'],
    ['someone@bare.test', 'invalid'],
    ['someone@nowhere.test', 'invalid'],
    ['someone@nullmx.test', 'invalid'],
    ['someone@nullmx-dot.test', 'invalid'],
    ['someone@broken.test', 'unknown'],
    ['someone@refused.test', 'unknown'],
    ['someone@slow.test', 'unknown'],
    ['someone@slow-a.test', 'unknown'],
    ['not an address', 'invalid'],
    ['two@@mail.test', 'invalid'],
    ["o'brien+leads@mail.test", 'valid'],
    ['josé.smith@exämple.test', 'valid'],
    ['用户@例子.test', 'valid'],
    ['josé@EXÄMPLE.test', 'valid'],
  ] as const)('%s is %s', async (address, verdict) => {
    expect(await verifier().verify(address)).toBe(verdict);
  });

  it('asks MX first and A/AAAA only when there is no MX; bad syntax asks nothing', async () => {
    const resolver = stubResolver(zones);
    const check = verifier(resolver);
    await check.verify('x@mail.test');
    expect(resolver.asked).toEqual(['mx mail.test']);
    resolver.asked.length = 0;
    await check.verify('x@v6-only.test');
    expect(resolver.asked).toEqual(['mx v6-only.test', 'a v6-only.test', 'aaaa v6-only.test']);
    resolver.asked.length = 0;
    await check.verify('not an address');
    expect(resolver.asked).toEqual([]);
    await check.verify('josé@exämple.test');
    expect(resolver.asked).toEqual(['mx xn--exmple-cua.test']);
  });

  it('gives up on a lookup after 3 seconds by default', async () => {
    expect(DNS_LOOKUP_TIMEOUT_MS).toBe(3000);
    // slow.test never answers: only the time-out can give an answer at all
    expect(
      await createDnsEmailVerifier({ resolver: stubResolver(zones), timeoutMs: 50 }).verify(
        'x@slow.test',
      ),
    ).toBe('unknown');
  });
});
