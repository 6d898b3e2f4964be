import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy as policySchema, type PolicyBody } from '@crm/contract';
import { expectNotFound, newContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPoliciesRepository } from './policies.repository';

let t: TestApp;
let as: Cast;
let carrier: { id: number; name: string };
let otherCompanyCarrier: number;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  carrier = (await as.agent.get('/v1/carriers')).json().data[0];
  otherCompanyCarrier = (await as.kAgent.get('/v1/carriers')).json().data[0].id;
});
afterAll(() => t.close());

const policiesOf = (id: number) => `/v1/contacts/${id}/policies`;
const category = async (contactId: number) => (await as.admin.get(`/v1/contacts/${contactId}?not_remove_new_tag=true`)).json().data.category;

async function addPolicy(who: keyof Cast, contactId: number, body: PolicyBody) {
  const res = await as[who].post(policiesOf(contactId), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('policies', () => {
  it('creates a policy with numbers for amounts, the carrier by name and the defaults', async () => {
    const contactId = await newContact(as.agent);
    const created = await addPolicy('agent', contactId, {
      carrier_id: carrier.id,
      policy_type: 'medicare_supplement',
      policy_number: ' MS-1001 ',
      premium: '1,234.50',
      face_amount: 25000,
      effective_date: '2026-01-01',
    });
    expect(policySchema.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      contact_id: contactId,
      carrier,
      policy_type: 'medicare_supplement',
      policy_number: 'MS-1001',
      status: 'pending',
      premium: 1234.5,
      premium_mode: 'monthly',
      face_amount: 25000,
      application_date: null,
      effective_date: '2026-01-01',
      termination_date: null,
      note: null,
    });
    const shown = await as.agent.get(`${policiesOf(contactId)}/${created.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual(created);
  });

  it('lists newest first, updates given fields only, and deletes', async () => {
    const contactId = await newContact(as.agent);
    const first = await addPolicy('agent', contactId, { policy_type: 'term_life' });
    const second = await addPolicy('agent', contactId, { policy_type: 'final_expense', premium: 45 });
    expect((await as.agent.get(policiesOf(contactId))).json().data.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);

    const updated = await as.agent.patch(`${policiesOf(contactId)}/${second.id}`, { premium: '', note: 'Paid by bank draft', carrier_id: carrier.id });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ policy_type: 'final_expense', premium: null, note: 'Paid by bank draft', carrier, status: 'pending' });

    expect((await as.agent.delete(`${policiesOf(contactId)}/${first.id}`)).statusCode).toBe(204);
    expect((await as.agent.get(policiesOf(contactId))).json().data.map((p: { id: number }) => p.id)).toEqual([second.id]);
    expectNotFound(await as.agent.get(`${policiesOf(contactId)}/${first.id}`));
  });

  it("refuses a carrier that is not the caller's company's", async () => {
    const contactId = await newContact(as.agent);
    const res = await as.agent.post(policiesOf(contactId), { policy_type: 'term_life', carrier_id: otherCompanyCarrier });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { carrier_id: 'Choose a carrier' } });
    const missing = await as.agent.post(policiesOf(contactId), { policy_type: 'term_life', carrier_id: 999_999 });
    expect(missing.json()).toEqual({ errors: { carrier_id: 'Choose a carrier' } });
    const policy = await addPolicy('agent', contactId, { policy_type: 'term_life' });
    const update = await as.agent.patch(`${policiesOf(contactId)}/${policy.id}`, { carrier_id: otherCompanyCarrier });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toEqual({ errors: { carrier_id: 'Choose a carrier' } });
    expect((await as.agent.get(policiesOf(contactId))).json().data).toHaveLength(1);
  });

  it('refuses a termination date before the effective date, given together or against the stored one', async () => {
    const contactId = await newContact(as.agent);
    const message = { errors: { termination_date: 'Termination date must be on or after the effective date' } };
    const bad = await as.agent.post(policiesOf(contactId), { policy_type: 'term_life', effective_date: '2026-03-01', termination_date: '2026-02-28' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual(message);
    const policy = await addPolicy('agent', contactId, { policy_type: 'term_life', effective_date: '2026-03-01' });
    const update = await as.agent.patch(`${policiesOf(contactId)}/${policy.id}`, { termination_date: '2026-02-01' });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toEqual(message);
    const sameDay = await as.agent.patch(`${policiesOf(contactId)}/${policy.id}`, { termination_date: '2026-03-01' });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
    const earlierEffective = await as.agent.patch(`${policiesOf(contactId)}/${policy.id}`, { effective_date: '2026-04-01' });
    expect(earlierEffective.json()).toEqual(message);
  });

  it('a placed policy makes a lead or prospect a client; other statuses and deleting change nothing', async () => {
    const lead = await newContact(as.agent, { category: 'lead' });
    const pending = await addPolicy('agent', lead, { policy_type: 'medicare_advantage', status: 'submitted' });
    expect(await category(lead)).toBe('lead');
    const issued = await as.agent.patch(`${policiesOf(lead)}/${pending.id}`, { status: 'issued' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await category(lead)).toBe('client');
    expect((await as.agent.delete(`${policiesOf(lead)}/${pending.id}`)).statusCode).toBe(204);
    expect(await category(lead)).toBe('client');

    const prospect = await newContact(as.agent, { category: 'prospect' });
    await addPolicy('agent', prospect, { policy_type: 'part_d', status: 'in_force' });
    expect(await category(prospect)).toBe('client');

    const declined = await newContact(as.agent, { category: 'prospect' });
    await addPolicy('agent', declined, { policy_type: 'part_d', status: 'declined' });
    expect(await category(declined)).toBe('prospect');
  });

  it('writes the policy and the category in one transaction: when the contact cannot change, the policy is not saved', async () => {
    const contactId = await newContact(as.agent, { category: 'lead' });
    const kept = await addPolicy('agent', contactId, { policy_type: 'term_life' });
    const repository = createPoliciesRepository(t.ctx.db);
    await t.ctx.db.execute(sql.raw(`
      create function refuse_client() returns trigger language plpgsql as $$
        begin raise exception 'no clients today'; end $$;
      create trigger refuse_client before update of category on contacts for each row execute function refuse_client();`));
    try {
      await expect(repository.insert(contactId, { policyType: 'part_d', status: 'issued' }, true)).rejects.toThrow();
      await expect(repository.update(contactId, kept.id, { status: 'issued' }, true)).rejects.toThrow();
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger refuse_client on contacts; drop function refuse_client();'));
    }
    const policies = (await as.agent.get(policiesOf(contactId))).json().data;
    expect(policies.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([[kept.id, 'pending']]);
    expect(await category(contactId)).toBe('lead');
  });

  it('answers 404 on a contact outside the reach, for every policy endpoint; a manager reaches the downline', async () => {
    const otherContact = await newContact(as.telemarketer);
    const theirs = await addPolicy('telemarketer', otherContact, { policy_type: 'term_life' });
    const path = `${policiesOf(otherContact)}/${theirs.id}`;
    expectNotFound(await as.agent.get(policiesOf(otherContact)));
    expectNotFound(await as.agent.post(policiesOf(otherContact), { policy_type: 'term_life' }));
    expectNotFound(await as.agent.get(path));
    expectNotFound(await as.agent.patch(path, { note: 'x' }));
    expectNotFound(await as.agent.delete(path));
    expectNotFound(await as.kAgent.get(policiesOf(otherContact)));

    const own = await newContact(as.agent);
    expectNotFound(await as.agent.get(`${policiesOf(own)}/${theirs.id}`));

    expect((await as.manager.get(policiesOf(otherContact))).json().data.map((p: { id: number }) => p.id)).toEqual([theirs.id]);
    expect((await as.manager.patch(path, { note: 'Checked by the manager' })).statusCode).toBe(200);
    expect((await as.manager.get(path)).json().data.note).toBe('Checked by the manager');
  });
});
