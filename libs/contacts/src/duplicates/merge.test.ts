import { describe, expect, it } from 'vitest';
import { contactFixture } from '@crm/testing';
import { defaultFieldChoice, defaultSurvivor, effectiveChoice, fieldDiffers, mergeBody, mergeFieldDisplay, mergeFieldValue } from './merge';

const older = contactFixture({
  id: 10,
  first_name: 'Pat',
  last_name: 'Lee',
  city: 'Austin',
  zip: null,
  note: '',
  status: { id: 3, title: 'Hot' },
  date_of_birth: '1950-04-09',
  created_at: '2025-01-01T00:00:00Z',
});
const newer = contactFixture({
  id: 11,
  first_name: 'Pat',
  last_name: 'Lee',
  city: 'Denver',
  zip: '78701',
  note: 'Called twice',
  status: null,
  owner: { id: 9, name: 'Bo Boss' },
  created_at: '2025-06-01T00:00:00Z',
});
const contacts = [newer, older];

describe('merge choices', () => {
  it('suggests the oldest contact as the one that stays', () => {
    expect(defaultSurvivor(contacts)).toBe(10);
  });

  it("defaults each field to the survivor's value, or the first non-empty one", () => {
    expect(defaultFieldChoice(contacts, 10, 'city')).toBe(10);
    expect(defaultFieldChoice(contacts, 10, 'zip')).toBe(11);
    expect(defaultFieldChoice(contacts, 10, 'note')).toBe(11);
    expect(defaultFieldChoice(contacts, 11, 'status_id')).toBe(10);
    // Nobody has a value: the survivor's (empty) one.
    expect(defaultFieldChoice(contacts, 11, 'medicare_number')).toBe(11);
  });

  it('compares catalog fields by id and shows them by title', () => {
    expect(mergeFieldValue(older, 'status_id')).toBe(3);
    expect(mergeFieldDisplay(older, 'status_id')).toBe('Hot');
    expect(mergeFieldDisplay(newer, 'owner_id')).toBe('Bo Boss');
    expect(mergeFieldDisplay(older, 'date_of_birth')).toBe('04/09/1950');
    expect(mergeFieldDisplay(older, 'state')).toBe('');
    expect(fieldDiffers(contacts, 'first_name')).toBe(false);
    expect(fieldDiffers(contacts, 'city')).toBe(true);
  });

  it('sends the survivor, the others and only the fields taken from another contact', () => {
    expect(mergeBody(contacts, { survivorId: 10, fields: { city: 11 } })).toEqual({
      survivor_id: 10,
      merged_ids: [11],
      fields: { city: 11, zip: 11, note: 11 },
    });
  });

  it('keeps explicit choices when the survivor changes, and defaults follow the new survivor', () => {
    const choices = { survivorId: 11, fields: { city: 10, owner_id: 11 } };
    expect(effectiveChoice(contacts, choices, 'owner_id')).toBe(11);
    expect(mergeBody(contacts, choices)).toEqual({
      survivor_id: 11,
      merged_ids: [10],
      fields: { city: 10, status_id: 10, date_of_birth: 10 },
    });
    // A choice of a contact outside the group is ignored.
    expect(effectiveChoice(contacts, { survivorId: 10, fields: { city: 99 } }, 'city')).toBe(10);
  });
});
