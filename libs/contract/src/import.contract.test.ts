import { describe, expect, it } from 'vitest';
import { importCategory, mappingProblem, proposeFields } from './import.contract';

describe('the import mapping', () => {
  it('proposes the category for a column named like one (Type, Category, Contact type)', () => {
    expect(proposeFields(['First Name', 'Type'])).toEqual(['first_name', 'category']);
    expect(proposeFields(['Name', 'Contact Type', 'Category'])).toEqual(['full_name', 'category', null]);
  });

  it('proposes the category for a column of categories in any case, whatever its header', () => {
    const sample = [
      ['Ann', 'client', 'x'],
      ['Bo', 'Lead', ''],
      ['Cy', 'PROSPECTS', 'y'],
      ['Di', '', 'z'],
    ];
    expect(proposeFields(['First', 'Kind', 'Other'], sample)).toEqual(['first_name', 'category', null]);
    // mostly other words, or a single value, is not enough
    expect(proposeFields(['First', 'Kind'], [['Ann', 'client'], ['Bo', 'gold'], ['Cy', 'silver']])).toEqual(['first_name', null]);
    expect(proposeFields(['First', 'Kind'], [['Ann', 'client']])).toEqual(['first_name', null]);
    // a category column named as one is not proposed twice
    expect(proposeFields(['Type', 'Kind'], [['lead', 'client'], ['client', 'lead']])).toEqual(['category', null]);
  });

  it('reads categories by their name or plural in any case, a customer as a client', () => {
    expect(['Lead', 'LEADS', ' prospect ', 'Clients', 'customer'].map(importCategory)).toEqual(['lead', 'lead', 'prospect', 'client', 'client']);
    expect(importCategory('VIP')).toBeNull();
  });

  it('needs a column that identifies a person (a name, a phone or an e-mail); several notes columns may be mapped', () => {
    expect(mappingProblem(['date_of_birth', 'state'])).toBe('Map a column to a name, a phone or an e-mail');
    expect(mappingProblem(['last_name'])).toBeNull();
    expect(mappingProblem(['email', 'note', 'note'])).toBeNull();
    expect(mappingProblem(['phone', 'category', 'category'])).toBe('Category (lead, prospect or client) is mapped to more than one column');
  });
});
