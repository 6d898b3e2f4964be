import { describe, expect, it } from 'vitest';
import {
  CONTACT_COLUMN_IDS,
  CONTACT_COLUMN_SPECS,
  DEFAULT_CONTACT_COLUMNS,
  SELECT_COLUMN_WIDTH,
  contactColumnsKey,
  fitColumns,
  loadContactColumns,
  saveContactColumns,
} from './contact-columns';

const width = (ids: readonly (keyof typeof CONTACT_COLUMN_SPECS)[]) =>
  ids.reduce((sum, id) => sum + CONTACT_COLUMN_SPECS[id].width, SELECT_COLUMN_WIDTH);

describe('fitColumns', () => {
  it('shows every default column in the contact list of a 1366 px screen (1280 px frame, less padding and border)', () => {
    expect(fitColumns(DEFAULT_CONTACT_COLUMNS, 1280 - 32 - 2)).toEqual([...DEFAULT_CONTACT_COLUMNS]);
  });

  it('drops the chosen columns of lowest priority first when room is short, keeping the table order', () => {
    const all = [...CONTACT_COLUMN_IDS];
    const shown = fitColumns(all, 1000);
    expect(width(shown)).toBeLessThanOrEqual(1000);
    // Created (priority 5) does not fit: Tags, State and City (lower) stay out although State would fit.
    expect(shown).toEqual(['name', 'category', 'phone', 'email', 'owner']);
    expect(width([...shown, 'state'])).toBeLessThanOrEqual(1000);
  });

  it('always shows the name, even without room', () => {
    expect(fitColumns(['name', 'phone'], 100)).toEqual(['name']);
  });
});

describe('the kept column choice', () => {
  it('is kept per user and read back in table order; unknown ids go and the name stays', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    } as Storage;
    expect(loadContactColumns(7, store)).toEqual([...DEFAULT_CONTACT_COLUMNS]);
    saveContactColumns(7, ['city', 'name', 'state'], store);
    expect(loadContactColumns(7, store)).toEqual(['name', 'city', 'state']);
    expect(loadContactColumns(8, store)).toEqual([...DEFAULT_CONTACT_COLUMNS]);
    store.setItem(contactColumnsKey(8), JSON.stringify(['password', 'city']));
    expect(loadContactColumns(8, store)).toEqual(['name', 'city']);
    store.setItem(contactColumnsKey(9), '{not json');
    expect(loadContactColumns(9, store)).toEqual([...DEFAULT_CONTACT_COLUMNS]);
  });

  it('is not under the cached search state prefix that sign-out clears', () => {
    expect(contactColumnsKey(7)).not.toMatch(/^\d+:/);
  });
});
