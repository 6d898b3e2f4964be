import { describe, expect, it } from 'vitest';
import { errorFileReportColumns, importCategory, mappingProblem, proposeFields } from './import.contract';

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

describe('an error file imported again', () => {
  it("leaves the report columns out of the mapping and proposes its Contact ID column as the contact to update", () => {
    const report = ['Row', 'Outcome', 'Columns', 'Problems', 'Contact ID', 'First Name', 'Type'];
    const sample = [['2', 'imported with warnings', 'Type', "Type 'VIP' is not a category", '17', 'Ann', 'client']];
    expect(proposeFields(report, [...sample, ...sample])).toEqual([null, null, null, null, 'contact_id', 'first_name', 'category']);
    // a file of its own with a Row or Outcome column is mapped as before (the report is known by its
    // first four columns), and its Contact ID (a vendor's numbering) is not proposed as a contact to update
    expect(proposeFields(['Outcome', 'Name', 'Contact ID'])).toEqual([null, 'full_name', null]);
    expect(proposeFields(['Contact ID', 'First Name', 'Phone'])).toEqual([null, 'first_name', 'phone']);
    expect(errorFileReportColumns(['Row', 'Outcome', 'Columns', 'Problems', 'Name'])).toEqual(new Set([0, 1, 2, 3]));
    expect(errorFileReportColumns(['Row', 'Outcome', 'Name'])).toEqual(new Set());
  });
});
