import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@crm/contract';
import { roleFlags } from './role-flags';

function trueFlags(accountType: Role | null) {
  return Object.entries(roleFlags(accountType))
    .filter(([, on]) => on)
    .map(([name]) => name)
    .sort();
}

describe('roleFlags', () => {
  it.each<[Role | null, string[]]>([
    ['sub_admin', ['admin', 'sub_admin']],
    ['admin', ['admin']],
    ['bu_admin', ['bu_admin']],
    ['manager', ['manager']],
    ['regional_manager', ['regional_manager']],
    ['district_manager', ['district_manager']],
    ['field_manager', ['field_manager']],
    ['telemarketer', ['telemarketer']],
    ['agent', ['agent']],
    ['basic', ['basic']],
    [null, []],
  ])('account_type %s sets %j', (accountType, expected) => {
    expect(trueFlags(accountType)).toEqual(expected);
  });

  it('has a flag for every role', () => {
    expect(Object.keys(roleFlags('agent')).sort()).toEqual([...ROLES].sort());
  });
});
