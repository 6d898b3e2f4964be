import { describe, expect, it } from 'vitest';
import type { DashboardBirthday, DashboardInfo } from '@crm/contract';
import { mergeDashboardInfo } from './dashboard-info';

const birthday = (id: number): DashboardBirthday => ({
  id,
  first_name: `First${id}`,
  last_name: 'Contact',
  category: 'client',
  owner: { id: 1, name: 'Jamie Carter' },
  date_of_birth: '1950-12-01',
  birthday: '2026-12-01',
  age: 76,
  days_away: 6,
});
const meta = (page: number) => ({ current_page: page, limit: 2, total_count: 5, total_pages: 3, from: '2026-11-25', to: '2026-12-08' });

describe('mergeDashboardInfo (spec part 1 §4)', () => {
  it('appends a later page of client and prospect birthdays to what is held', () => {
    const held: DashboardInfo = { types: ['client_birthdays'], client_birthdays: [birthday(1), birthday(2)], client_birthdays_meta: meta(1) };
    const merged = mergeDashboardInfo(held, { client_birthdays: [birthday(3), birthday(4)], client_birthdays_meta: meta(2) });
    expect(merged.client_birthdays?.map((b) => b.id)).toEqual([1, 2, 3, 4]);
    expect(merged.client_birthdays_meta?.current_page).toBe(2);
    expect(merged.types).toEqual(['client_birthdays']);
    const prospects = mergeDashboardInfo(
      { prospect_birthdays: [birthday(7)], prospect_birthdays_meta: meta(1) },
      { prospect_birthdays: [birthday(8)], prospect_birthdays_meta: meta(2) },
    );
    expect(prospects.prospect_birthdays?.map((b) => b.id)).toEqual([7, 8]);
  });

  it('starts afresh from a first page, lists nobody twice, and replaces every other key', () => {
    const held: DashboardInfo = { client_birthdays: [birthday(1), birthday(2)], client_birthdays_meta: meta(2), contacts_by_category: [{ category: 'lead', count: 1, capped: false }] };
    expect(mergeDashboardInfo(held, { client_birthdays: [birthday(9)], client_birthdays_meta: meta(1) }).client_birthdays?.map((b) => b.id)).toEqual([9]);
    expect(mergeDashboardInfo(held, { client_birthdays: [birthday(2), birthday(3)], client_birthdays_meta: meta(3) }).client_birthdays?.map((b) => b.id)).toEqual([1, 2, 3]);
    const counts = [{ category: 'lead' as const, count: 1000, capped: true }];
    expect(mergeDashboardInfo(held, { contacts_by_category: counts }).contacts_by_category).toEqual(counts);
  });
});
