import { describe, expect, it } from 'vitest';
import type { Role } from '@crm/contract';
import type { FlagName } from '@crm/variant';
import { filterNavItems, navRow, type NavItem } from './nav-items';

const items: NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/contacts', label: 'Contacts', roles: ['admin', 'manager', 'agent'] },
  { to: '/sms', label: 'Messages', flag: 'sms' },
  { to: '/reports', label: 'Reports', flag: 'reports', roles: ['admin', 'manager'] },
  { to: '/admin', label: 'Admin', roles: ['admin'] },
];

const flagsOn =
  (...on: FlagName[]) =>
  (flag: FlagName) =>
    on.includes(flag);

describe('filterNavItems', () => {
  it.each<[Role | null, FlagName[], string[]]>([
    ['admin', ['sms', 'reports'], ['Dashboard', 'Contacts', 'Messages', 'Reports', 'Admin']],
    ['sub_admin', ['sms', 'reports'], ['Dashboard', 'Contacts', 'Messages', 'Reports', 'Admin']],
    ['manager', ['sms', 'reports'], ['Dashboard', 'Contacts', 'Messages', 'Reports']],
    ['manager', [], ['Dashboard', 'Contacts']],
    ['agent', ['sms', 'reports'], ['Dashboard', 'Contacts', 'Messages']],
    ['agent', ['reports'], ['Dashboard', 'Contacts']],
    ['telemarketer', ['sms'], ['Dashboard', 'Messages']],
    [null, ['sms', 'reports'], ['Dashboard', 'Messages']],
  ])('%s with flags %j sees %j', (role, on, expected) => {
    expect(filterNavItems(items, role, flagsOn(...on)).map((i) => i.label)).toEqual(expected);
  });

  it('lets a sub_admin see an admin item unless the item takes its roles exactly (a System Admin screen)', () => {
    const exact: NavItem[] = [
      { to: '/admin/users', label: 'Users', roles: ['admin'] },
      { to: '/admin/vendor-events', label: 'Vendor events', roles: ['admin'], exactRoles: true },
    ];
    const labels = (role: Role | null) => filterNavItems(exact, role, flagsOn()).map((i) => i.label);
    expect(labels('admin')).toEqual(['Users', 'Vendor events']);
    expect(labels('sub_admin')).toEqual(['Users']);
    expect(labels('manager')).toEqual([]);
    expect(labels(null)).toEqual([]);
  });

  it('asks only about the flags items name', () => {
    const asked: FlagName[] = [];
    filterNavItems(items, 'admin', (flag) => {
      asked.push(flag);
      return true;
    });
    expect(asked.sort()).toEqual(['reports', 'sms']);
  });
});

describe('navRow', () => {
  const grouped: NavItem[] = [
    { to: '/', label: 'Dashboard', end: true },
    { to: '/contacts', label: 'Contacts' },
    { to: '/account/profile', label: 'My profile', group: 'account' },
    { to: '/billing', label: 'Billing', group: 'account' },
    { to: '/admin/users', label: 'Users', group: 'admin' },
    { to: '/admin/feature-flags', label: 'Feature flags', group: 'admin' },
  ];
  const shape = (items: NavItem[]) =>
    navRow(items).map((entry) => (entry.kind === 'link' ? entry.item.label : `${entry.label}: ${entry.items.map((i) => i.label).join(', ')}`));

  it('puts each group of two or more behind one button, at the place of its first item', () => {
    expect(shape(grouped)).toEqual(['Dashboard', 'Contacts', 'Account: My profile, Billing', 'Admin: Users, Feature flags']);
  });

  it('shows a group of one as its link', () => {
    expect(shape(grouped.filter((item) => item.label !== 'Feature flags'))).toEqual(['Dashboard', 'Contacts', 'Account: My profile, Billing', 'Users']);
  });
});
