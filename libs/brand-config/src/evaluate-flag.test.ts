import { describe, expect, it } from 'vitest';
import type { Role } from '@crm/contract';
import {
  FLAG_NAMES,
  everyFlag,
  inEveryEnvironment,
  type AppEnvironment,
  type FlagMatrix,
  type FlagName,
} from './brand-config';
import { evaluateFlag, resolveFlag, resolveFlags, roleAllowed } from './evaluate-flag';

const flags: FlagMatrix = {
  ...everyFlag([]),
  sms: inEveryEnvironment('all'),
  reports: inEveryEnvironment(['admin', 'manager']),
  dialer: { development: 'all', stage: 'all', demo: ['admin'], production: [] },
  mailer_assignment: inEveryEnvironment(['admin', 'manager']),
  sso: { development: 'all', stage: [], demo: [], production: 'all' },
};
const brand = { flags };

type Row = [flag: FlagName, role: Role | null, environment: AppEnvironment, expected: boolean];

const table: Row[] = [
  // 'all' admits every role and visitors who are not signed in
  ['sms', 'agent', 'production', true],
  ['sms', 'admin', 'demo', true],
  ['sms', null, 'production', true],
  ['sso', null, 'production', true],
  ['sso', null, 'stage', false],
  // role lists
  ['reports', 'admin', 'production', true],
  ['reports', 'manager', 'production', true],
  ['reports', 'agent', 'production', false],
  ['reports', 'telemarketer', 'development', false],
  ['reports', null, 'production', false],
  // sub_admin implies admin
  ['reports', 'sub_admin', 'production', true],
  ['mailer_assignment', 'sub_admin', 'stage', true],
  // per environment
  ['dialer', 'agent', 'development', true],
  ['dialer', 'agent', 'stage', true],
  ['dialer', 'agent', 'demo', false],
  ['dialer', 'admin', 'demo', true],
  ['dialer', 'admin', 'production', false],
  // off everywhere
  ['workflow', 'admin', 'production', false],
  ['contact_merge', 'admin', 'development', false],
  ['impersonate_bu_admin', null, 'development', false],
];

describe('evaluateFlag', () => {
  it.each(table)('%s for %s in %s is %s', (flag, role, environment, expected) => {
    expect(evaluateFlag(brand, flag, { role, environment })).toBe(expected);
  });

  it('is off for a flag missing from an unvalidated matrix', () => {
    const partial = { flags: { sms: inEveryEnvironment('all') } } as unknown as {
      flags: FlagMatrix;
    };
    expect(evaluateFlag(partial, 'dialer', { role: 'admin', environment: 'production' })).toBe(
      false,
    );
  });
});

describe('roleAllowed', () => {
  it.each<[Role | null, Role[], boolean]>([
    ['agent', ['agent'], true],
    ['agent', ['admin'], false],
    ['sub_admin', ['admin'], true],
    ['admin', ['sub_admin'], false],
    ['manager', [], false],
    [null, ['agent'], false],
  ])('%s in %j is %s', (role, allowed, expected) => {
    expect(roleAllowed(role, allowed)).toBe(expected);
  });
});

describe('resolveFlag: matrix, then company overrides, then administrators’ overrides', () => {
  const brand = {
    flags: { ...everyFlag('all'), sms: inEveryEnvironment(['admin', 'agent']) },
    companyOverrides: { '7': { sms: false }, '8': { dialer: false } },
  };
  const base = { environment: 'production' as const, overrides: [] };
  it.each([
    ['matrix allows', { role: 'agent', companyId: 1 }, true],
    ['matrix denies a role', { role: 'basic', companyId: 1 }, false],
    ['company override switches off', { role: 'agent', companyId: 7 }, false],
    ['company-wide admin override switches back on', { role: 'agent', companyId: 7, overrides: [{ flag: 'sms', enabled: true, role: null }] }, true],
    ['role override beats company-wide', { role: 'agent', companyId: 1, overrides: [{ flag: 'sms', enabled: true, role: null }, { flag: 'sms', enabled: false, role: 'agent' }] }, false],
    ['an override for another role does not apply', { role: 'admin', companyId: 1, overrides: [{ flag: 'sms', enabled: false, role: 'agent' }] }, true],
    ['an override of another flag does not apply', { role: 'agent', companyId: 1, overrides: [{ flag: 'dialer', enabled: false, role: null }] }, true],
  ] as const)('%s', (_, context, expected) => {
    expect(resolveFlag(brand as never, 'sms', { ...base, ...context } as never)).toBe(expected);
  });

  it('resolveFlags answers every flag', () => {
    const all = resolveFlags(brand as never, { ...base, role: 'agent', companyId: 8 });
    expect(Object.keys(all)).toEqual([...FLAG_NAMES]);
    expect(all.dialer).toBe(false);
    expect(all.sms).toBe(true);
  });
});
