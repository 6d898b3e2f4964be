import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { security as securitySchema, type SecurityBody } from '@crm/contract';
import { securities } from '../../db/schema';
import { expectNotFound, newContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
});
afterAll(() => t.close());

const securitiesOf = (id: number) => `/v1/contacts/${id}/securities`;
const storedNumber = async (id: number) =>
  (await t.ctx.db.select({ n: securities.accountNumber }).from(securities).where(eq(securities.id, id)))[0]?.n;

async function addSecurity(who: keyof Cast, contactId: number, body: SecurityBody) {
  const res = await as[who].post(securitiesOf(contactId), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('securities', () => {
  it('creates a security with numbers and the account number masked but stored whole', async () => {
    const contactId = await newContact(as.agent);
    const created = await addSecurity('agent', contactId, {
      security_type: 'mutual_fund',
      name: 'Growth Fund',
      symbol: 'agthx',
      institution: 'Fidelity',
      account_number: '9876541234',
      quantity: '1,250.5',
      value: '$48,210.75',
      as_of_date: '2026-03-31',
    });
    expect(securitySchema.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      contact_id: contactId,
      security_type: 'mutual_fund',
      name: 'Growth Fund',
      symbol: 'AGTHX',
      account_number: '••••••1234',
      quantity: 1250.5,
      value: 48210.75,
      as_of_date: '2026-03-31',
      note: null,
    });
    expect(await storedNumber(created.id)).toBe('9876541234');
    expect((await as.agent.get(securitiesOf(contactId))).json().data).toEqual([created]);
  });

  it('keeps the stored number when the masked value comes back, changes it when a new one is typed', async () => {
    const contactId = await newContact(as.agent);
    const created = await addSecurity('agent', contactId, { security_type: 'ira', name: 'IRA', account_number: 'AB-55512345' });
    expect(created.account_number).toBe('•••••••2345');
    const path = `${securitiesOf(contactId)}/${created.id}`;

    const untouched = await as.agent.patch(path, { name: 'Traditional IRA', account_number: created.account_number });
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(untouched.json().data).toMatchObject({ name: 'Traditional IRA', account_number: '•••••••2345' });
    expect(await storedNumber(created.id)).toBe('AB-55512345');

    const half = await as.agent.patch(path, { account_number: '•••••••9999' });
    expect(half.statusCode).toBe(422);
    expect(half.json()).toEqual({ errors: { account_number: 'Type the whole account number' } });
    expect(await storedNumber(created.id)).toBe('AB-55512345');

    const changed = await as.agent.patch(path, { account_number: '1234567890' });
    expect(changed.json().data.account_number).toBe('••••••7890');
    expect(await storedNumber(created.id)).toBe('1234567890');

    const cleared = await as.agent.patch(path, { account_number: '' });
    expect(cleared.json().data.account_number).toBeNull();
    expect(await storedNumber(created.id)).toBeNull();

    const short = await as.agent.patch(path, { account_number: '987' });
    expect(short.json().data.account_number).toBe('987');
  });

  it('validates the fields with the contract messages', async () => {
    const contactId = await newContact(as.agent);
    const res = await as.agent.post(securitiesOf(contactId), { security_type: 'crypto', name: '', quantity: -1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ security_type: 'Choose a type', name: 'Name is required', quantity: 'Quantity cannot be negative' });
  });

  it('lists newest first and deletes', async () => {
    const contactId = await newContact(as.agent);
    const first = await addSecurity('agent', contactId, { security_type: 'stock', name: 'ACME' });
    const second = await addSecurity('agent', contactId, { security_type: 'bond', name: 'Treasury' });
    expect((await as.agent.get(securitiesOf(contactId))).json().data.map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);
    expect((await as.agent.delete(`${securitiesOf(contactId)}/${first.id}`)).statusCode).toBe(204);
    expect((await as.agent.get(securitiesOf(contactId))).json().data.map((s: { id: number }) => s.id)).toEqual([second.id]);
    expectNotFound(await as.agent.delete(`${securitiesOf(contactId)}/${first.id}`));
  });

  it('answers 404 on a contact outside the reach, for every securities endpoint; a manager reaches the downline', async () => {
    const otherContact = await newContact(as.telemarketer);
    const theirs = await addSecurity('telemarketer', otherContact, { security_type: 'cd', name: 'CD' });
    const path = `${securitiesOf(otherContact)}/${theirs.id}`;
    expectNotFound(await as.agent.get(securitiesOf(otherContact)));
    expectNotFound(await as.agent.post(securitiesOf(otherContact), { security_type: 'cd', name: 'x' }));
    expectNotFound(await as.agent.patch(path, { name: 'x' }));
    expectNotFound(await as.agent.delete(path));
    expectNotFound(await as.kAgent.get(securitiesOf(otherContact)));
    const own = await newContact(as.agent);
    expectNotFound(await as.agent.patch(`${securitiesOf(own)}/${theirs.id}`, { name: 'x' }));

    expect((await as.manager.get(securitiesOf(otherContact))).json().data.map((s: { id: number }) => s.id)).toEqual([theirs.id]);
    expect((await as.manager.patch(path, { note: 'Reviewed' })).json().data.note).toBe('Reviewed');
  });
});
