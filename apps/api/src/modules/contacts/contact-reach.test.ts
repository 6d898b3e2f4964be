import { describe, expect, it } from 'vitest';
import type { Role } from '@crm/contract';
import { contactReach, fullReachKind } from './contact-reach';

const subject = (roles: Role[], accountType: string = roles[0] ?? 'agent') => ({ user: { id: 7, companyId: 3, accountType }, roles });

describe('contact reach', () => {
  it('gives administrators the company, manager-type roles their downline, everyone else their own', () => {
    expect(fullReachKind(subject(['admin']))).toBe('company');
    expect(fullReachKind(subject(['sub_admin']))).toBe('company');
    for (const role of ['manager', 'regional_manager', 'district_manager', 'field_manager', 'bu_admin'] as Role[]) {
      expect(fullReachKind(subject([role])), role).toBe('downline');
    }
    for (const role of ['agent', 'telemarketer', 'basic'] as Role[]) expect(fullReachKind(subject([role])), role).toBe('own');
  });

  it('takes the widest of several roles, and the account type when there are no role rows', () => {
    expect(fullReachKind(subject(['agent', 'field_manager']))).toBe('downline');
    expect(fullReachKind(subject(['telemarketer', 'sub_admin']))).toBe('company');
    expect(fullReachKind(subject([], 'district_manager'))).toBe('downline');
    expect(fullReachKind(subject([], 'agent'))).toBe('own');
  });

  it('narrows to own contacts for the mine group; all and all_agents are the full reach', () => {
    expect(contactReach(subject(['admin']), 'mine')).toEqual({ kind: 'own', companyId: 3, userId: 7 });
    expect(contactReach(subject(['admin']), 'all')).toEqual({ kind: 'company', companyId: 3, userId: 7 });
    expect(contactReach(subject(['manager']), 'all')).toEqual({ kind: 'downline', companyId: 3, userId: 7 });
    expect(contactReach(subject(['agent']), 'all')).toEqual({ kind: 'own', companyId: 3, userId: 7 });
    expect(contactReach(subject(['manager']))).toEqual({ kind: 'downline', companyId: 3, userId: 7 });
  });
});
