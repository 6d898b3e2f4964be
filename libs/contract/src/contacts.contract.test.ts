import { describe, expect, it } from 'vitest';
import {
  contactSelection,
  contactsScope,
  createContactBody,
  isCalendarDate,
  phoneNumber,
  quickUpdateContactBody,
  selectedItemsBody,
  updateContactBody,
  US_STATE_CODES,
} from './contacts.contract';

/** Field → first message, as the API's error handler reports them. */
const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
};

describe('contact fields', () => {
  it('has the 50 states plus DC', () => {
    expect(US_STATE_CODES).toHaveLength(51);
    expect(US_STATE_CODES).toContain('DC');
  });

  it('keeps the digits of a phone: 10, or 11 starting with 1', () => {
    expect(phoneNumber.parse('(555) 123-4567')).toBe('5551234567');
    expect(phoneNumber.parse('1-555-123-4567')).toBe('15551234567');
    expect(errors(phoneNumber.safeParse('555-1234'))).toEqual({ '': 'Phone must have 10 or 11 digits' });
    expect(errors(phoneNumber.safeParse('25551234567'))).toEqual({ '': 'An 11-digit phone must start with 1' });
    expect(errors(phoneNumber.safeParse(''))).toEqual({ '': 'Phone is required' });
  });

  it('checks real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-1')).toBe(false);
  });

  it('needs a first name to create; blank optional fields become null; choices are normalised', () => {
    expect(errors(createContactBody.safeParse({}))).toEqual({ first_name: 'First name is required' });
    const parsed = createContactBody.parse({ first_name: ' Ann ', state: 'ny', gender: '', city: '  ', timezone: 'CST', status_id: '4', medicare_number: '1eg4-te5-mk73' });
    expect(parsed).toEqual({ first_name: 'Ann', state: 'NY', gender: null, city: null, timezone: 'cst', status_id: 4, medicare_number: '1EG4TE5MK73' });
    expect(errors(createContactBody.safeParse({ first_name: 'A', state: 'PR', language: 'latin', medicare_number: '123' }))).toEqual({
      state: 'Choose a state',
      language: 'Choose a language',
      medicare_number: 'Medicare number must have 11 letters and digits',
    });
  });

  it('updates leave absent fields out (no defaults sneak in)', () => {
    expect(updateContactBody.parse({})).toEqual({});
    expect(quickUpdateContactBody.parse({ phone: '', email: null })).toEqual({ phone: null, email: null });
  });
});

describe('contacts_scope', () => {
  it('defaults to the first page of 25, last name ascending, live contacts of all categories', () => {
    expect(contactsScope.parse({})).toEqual({
      search: [],
      category: 'all',
      contact_group: 'all_agents',
      all_downline: false,
      order_field: 'last_name',
      order: 'asc',
      page: 1,
      limit: 25,
      exact_count: false,
      select_n: false,
      trashed: false,
    });
  });

  it('drops search entries with an empty value and normalises the rest', () => {
    const scope = contactsScope.parse({
      search: [
        { field: 'first_name', operator: 'contains', value: '' },
        { field: 'status_id', operator: 'in', value: [] },
        { field: 'state', operator: 'in', value: 'ny' },
        { field: 'phone', operator: 'contains', value: '(555) 12' },
        { field: 'email', operator: 'blank' },
        { field: 'status_id', operator: 'not_in', value: [3, '4'] },
      ],
    });
    expect(scope.search).toEqual([
      { field: 'state', operator: 'in', values: ['NY'] },
      { field: 'phone', operator: 'contains', values: ['55512'] },
      { field: 'email', operator: 'blank', values: [] },
      { field: 'status_id', operator: 'not_in', values: ['3', '4'] },
    ]);
  });

  it('refuses operators that do not fit the field and values that do not fit the operator', () => {
    const bad = (entry: unknown) => errors(contactsScope.safeParse({ search: [entry] }));
    expect(bad({ field: 'city', operator: 'in', value: ['x'] })).toEqual({ 'search.0.operator': 'The operator in does not apply to city' });
    expect(bad({ field: 'category', operator: 'in', value: ['customer'] })).toEqual({ 'search.0.value': 'Choose a category' });
    expect(bad({ field: 'owner_id', operator: 'in', value: ['me'] })).toEqual({ 'search.0.value': 'Value must be a list of ids' });
    expect(bad({ field: 'date_of_birth', operator: 'on', value: '01/02/1950' })).toEqual({ 'search.0.value': 'Value must be a date (YYYY-MM-DD)' });
    expect(bad({ field: 'phone', operator: 'contains', value: 'abc' })).toEqual({ 'search.0.value': 'Phone search needs digits' });
    expect(bad({ field: 'password', operator: 'eq', value: 'x' })).toEqual({ 'search.0.field': 'Choose a field to search' });
  });

  it('caps the page size at 500', () => {
    expect(errors(contactsScope.safeParse({ limit: 501 }))).toEqual({ limit: 'Limit must be at most 500' });
  });
});

describe('selections', () => {
  it('need ids or all', () => {
    expect(errors(contactSelection.safeParse({}))).toEqual({ ids: 'Choose contacts' });
    expect(contactSelection.parse({ all: true })).toEqual({ all: true });
    expect(selectedItemsBody.parse({ ids: [1] })).toEqual({ ids: [1], all: false, limit: 250_000 });
  });
});
