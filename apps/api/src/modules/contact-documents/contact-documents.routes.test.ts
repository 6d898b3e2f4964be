import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_CAPTURE_QUESTIONS } from '@crm/contract';
import { expectNotFound, newContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
});
afterAll(() => t.close());

describe('data capture', () => {
  it('offers the default questions with empty answers until saved', async () => {
    const contactId = await newContact(as.agent);
    const res = await as.agent.get(`/v1/contacts/${contactId}/data_capture`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      data_captures: DEFAULT_DATA_CAPTURE_QUESTIONS.map((question) => ({ question, answer: '' })),
      updated_at: null,
      updated_by: null,
    });
  });

  it('replaces the answers as a whole and says who saved them', async () => {
    const contactId = await newContact(as.agent);
    const path = `/v1/contacts/${contactId}/data_capture`;
    const saved = await as.agent.patch(path, {
      data_captures: [
        { question: 'Monthly budget', answer: ' $150 ' },
        { question: 'Favourite doctor', answer: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      data_captures: [
        { question: 'Monthly budget', answer: '$150' },
        { question: 'Favourite doctor', answer: '' },
      ],
      updated_by: { id: as.agent.userId, name: 'Jamie Carter' },
    });
    expect(saved.json().data.updated_at).toEqual(expect.any(String));

    const replaced = await as.manager.patch(path, { data_captures: [{ question: 'Tobacco use', answer: 'No' }] });
    expect(replaced.json().data).toMatchObject({ data_captures: [{ question: 'Tobacco use', answer: 'No' }], updated_by: { name: 'Morgan Hayes' } });
    expect((await as.agent.get(path)).json().data.data_captures).toEqual([{ question: 'Tobacco use', answer: 'No' }]);

    const emptied = await as.agent.patch(path, { data_captures: [] });
    expect(emptied.json().data.data_captures).toEqual([]);
  });

  it('validates with the contract messages', async () => {
    const contactId = await newContact(as.agent);
    const res = await as.agent.patch(`/v1/contacts/${contactId}/data_capture`, { data_captures: [{ question: ' ', answer: 'x' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'data_captures.0.question': 'Question is required' });
  });
});

describe('Rx details', () => {
  it('is empty until saved', async () => {
    const contactId = await newContact(as.agent);
    const res = await as.agent.get(`/v1/contacts/${contactId}/rx_details`);
    expect(res.json().data).toEqual({ prescriptions: [], pharmacy: null, updated_at: null, updated_by: null });
  });

  it('replaces prescriptions and pharmacy, filling the defaults', async () => {
    const contactId = await newContact(as.agent);
    const path = `/v1/contacts/${contactId}/rx_details`;
    const saved = await as.agent.patch(path, {
      prescriptions: [{ drug_name: 'Metformin', strength: '500 mg', quantity: 60, frequency: 'twice_daily', days_supply: 90 }, { drug_name: 'Lisinopril', quantity: '30' }],
      pharmacy: { name: 'Main Street Pharmacy', phone: '555-0100' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      prescriptions: [
        { drug_name: 'Metformin', strength: '500 mg', quantity: 60, frequency: 'twice_daily', days_supply: 90, generic_ok: true },
        { drug_name: 'Lisinopril', strength: null, quantity: 30, frequency: 'daily', days_supply: 30, generic_ok: true },
      ],
      pharmacy: { name: 'Main Street Pharmacy', address: null, phone: '555-0100', mail_order: false },
      updated_by: { id: as.agent.userId, name: 'Jamie Carter' },
    });

    const replaced = await as.agent.patch(path, { prescriptions: [] });
    expect(replaced.json().data).toMatchObject({ prescriptions: [], pharmacy: null });
    expect((await as.agent.get(path)).json().data).toMatchObject({ prescriptions: [], pharmacy: null });
    // the data capture is a document of its own
    expect((await as.agent.get(`/v1/contacts/${contactId}/data_capture`)).json().data.updated_at).toBeNull();
  });

  it('validates with the contract messages', async () => {
    const contactId = await newContact(as.agent);
    const res = await as.agent.patch(`/v1/contacts/${contactId}/rx_details`, { prescriptions: [{ drug_name: 'X', quantity: 1, days_supply: 45 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'prescriptions.0.days_supply': 'Choose a 30, 60 or 90 day supply' });
  });
});

describe('reach', () => {
  it('answers 404 on a contact outside the reach, for every document endpoint; a manager reaches the downline', async () => {
    const otherContact = await newContact(as.telemarketer);
    expectNotFound(await as.agent.get(`/v1/contacts/${otherContact}/data_capture`));
    expectNotFound(await as.agent.patch(`/v1/contacts/${otherContact}/data_capture`, { data_captures: [] }));
    expectNotFound(await as.agent.get(`/v1/contacts/${otherContact}/rx_details`));
    expectNotFound(await as.agent.patch(`/v1/contacts/${otherContact}/rx_details`, { prescriptions: [] }));
    expectNotFound(await as.kAgent.get(`/v1/contacts/${otherContact}/rx_details`));
    expect((await as.manager.patch(`/v1/contacts/${otherContact}/rx_details`, { prescriptions: [] })).statusCode).toBe(200);
    expect((await as.manager.get(`/v1/contacts/${otherContact}/data_capture`)).statusCode).toBe(200);
  });
});
