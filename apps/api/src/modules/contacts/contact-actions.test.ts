import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact as contactSchema, type Contact, type CreateContactBody } from '@crm/contract';
import { contactActivities, contacts } from '../../db/schema';
import {
  createDnsEmailVerifier,
  type MailDnsResolver,
} from '../../vendors/email-verification/dns-email-verifier';
import { createContact, showContact, signInCast, type SignedIn } from '../../test/contact-fixtures';
import { expectWrittenBetween } from '../../test/clock';
import { createTestApp, type TestApp } from '../../test/test-app';

/** DNS as the tests see it: no network, answers by domain like node:dns/promises would. */
const dnsError = (code: string) => Object.assign(new Error(code), { code });
const fakeDns: MailDnsResolver = {
  async resolveMx(host) {
    if (host === 'mail.test') return [{ exchange: 'mx.mail.test', priority: 10 }];
    if (host === 'nullmx.test') return [{ exchange: '', priority: 0 }];
    if (host === 'slow.test') return new Promise(() => undefined);
    if (host === 'a-only.test') throw dnsError('ENODATA');
    throw dnsError('ENOTFOUND');
  },
  async resolve4(host) {
    if (host === 'a-only.test' || host === 'nullmx.test') return ['192.0.2.1'];
    throw dnsError('ENOTFOUND');
  },
  async resolve6() {
    throw dnsError('ENOTFOUND');
  },
};

let t: TestApp;
const as: Record<string, SignedIn> = {};

beforeAll(async () => {
  t = await createTestApp(
    {},
    { emailVerifier: createDnsEmailVerifier({ resolver: fakeDns, timeoutMs: 50 }) },
  );
  Object.assign(as, await signInCast(t));
});
afterAll(() => t.close());

const create = (who: string, body: CreateContactBody): Promise<Contact> =>
  createContact(as[who]!, body);

const show = (who: string, id: number): Promise<Contact> => showContact(as[who]!, id);

/** Answers 200 with a contact that matches the contract, and gives it. */
function contactOf(res: {
  statusCode: number;
  body: string;
  json: () => { data: Contact };
}): Contact {
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(contactSchema.safeParse(data).success, res.body).toBe(true);
  return data;
}

const notFoundBody = { errors: { base: 'Contact not found' } };

describe('PUT /v1/contacts/{id}/activity_info', () => {
  it('records the activity by the caller and makes it the latest on the contact', async () => {
    const c = await create('agent', { first_name: 'Active', last_name: 'Ann' });
    expect(c.last_activity_at).toBeNull();
    const from = Date.now();
    const first = contactOf(
      await as.agent!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'call' }),
    );
    expect(first.last_activity_type).toBe('call');
    expectWrittenBetween(first.last_activity_at, from);
    const second = contactOf(
      await as.agent!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'sms' }),
    );
    expect(second.last_activity_type).toBe('sms');
    expect(Date.parse(second.last_activity_at!)).toBeGreaterThanOrEqual(
      Date.parse(first.last_activity_at!),
    );
    // the field manager above the agent records one too
    expect(
      contactOf(await as.field!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'visit' }))
        .last_activity_type,
    ).toBe('visit');
    const rows = await t.ctx.db
      .select({ userId: contactActivities.userId, type: contactActivities.activityType })
      .from(contactActivities)
      .where(eq(contactActivities.contactId, c.id))
      .orderBy(contactActivities.id);
    expect(rows).toEqual([
      { userId: as.agent!.userId, type: 'call' },
      { userId: as.agent!.userId, type: 'sms' },
      { userId: as.field!.userId, type: 'visit' },
    ]);
  });

  it("logs a call with its outcome and note (a note in the Notes tab), and undoes it: the note goes and the contact's last activity is the one before", async () => {
    const c = await create('agent', { first_name: 'Undo', last_name: 'Una' });
    contactOf(await as.agent!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'sms' }));
    const before = await show('agent', c.id);
    const res = await as.agent!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'call', outcome: 'left_voicemail', note: 'Call back Monday' });
    const logged = contactOf(res);
    expect(logged.last_activity_type).toBe('call');
    const activity = res.json().activity as { id: number; type: string; outcome: string; note_id: number };
    expect(activity).toMatchObject({ type: 'call', outcome: 'left_voicemail', note_id: expect.any(Number) });
    const notes = (await as.agent!.get(`/v1/contacts/${c.id}/notes`)).json().data as { id: number; body: string }[];
    expect(notes.map((n) => [n.id, n.body])).toEqual([[activity.note_id, 'Call — Left a voicemail: Call back Monday']]);
    // another user cannot undo it (404), not even the manager above the agent
    const theirs = await as.field!.delete(`/v1/contacts/${c.id}/activity_info/${activity.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors).toEqual({ base: 'Activity not found' });

    const undone = contactOf(await as.agent!.delete(`/v1/contacts/${c.id}/activity_info/${activity.id}`));
    expect([undone.last_activity_type, undone.last_activity_at]).toEqual(['sms', before.last_activity_at]);
    expect((await as.agent!.get(`/v1/contacts/${c.id}/notes`)).json().data).toEqual([]);
    expect((await as.agent!.delete(`/v1/contacts/${c.id}/activity_info/${activity.id}`)).statusCode).toBe(404);
    // a call with neither outcome nor note adds no note; an outcome is a call's only
    const plain = await as.agent!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'call' });
    expect(plain.json().activity).toMatchObject({ type: 'call', outcome: null, note_id: null });
    const wrong = await as.agent!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'sms', outcome: 'talked' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ outcome: 'Only a call has an outcome' });
  });

  it('refuses an unknown type with 422 and records nothing', async () => {
    const c = await create('agent', { first_name: 'Typo', last_name: 'Tom' });
    const res = await as.agent!.put(`/v1/contacts/${c.id}/activity_info`, { type: 'fax' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ type: 'Choose an activity type' });
    expect(
      await t.ctx.db.select().from(contactActivities).where(eq(contactActivities.contactId, c.id)),
    ).toEqual([]);
  });
});

describe('PATCH /v1/contacts/{id}/force_verify_email', () => {
  it('marks one e-mail, or with no email_id every e-mail, forced and verified now', async () => {
    const c = await create('agent', {
      first_name: 'Forced',
      last_name: 'Fay',
      emails: [{ email: 'fay@nowhere.test' }, { email: 'fay2@nowhere.test' }],
    });
    expect(c.emails.map((e) => e.verification)).toEqual(['unchecked', 'unchecked']);
    const verifiedFrom = Date.now();
    const one = contactOf(
      await as.agent!.patch(`/v1/contacts/${c.id}/force_verify_email`, {
        email_id: c.emails[1]!.id,
      }),
    );
    expect(one.emails[0]).toMatchObject({
      verification: 'unchecked',
      verified: false,
      verified_at: null,
    });
    expect(one.emails[1]).toMatchObject({ verification: 'forced', verified: true });
    expectWrittenBetween(one.emails[1]!.verified_at, verifiedFrom);
    const all = contactOf(await as.agent!.patch(`/v1/contacts/${c.id}/force_verify_email`));
    expect(all.emails.map((e) => [e.verification, e.verified, e.verified_at !== null])).toEqual([
      ['forced', true, true],
      ['forced', true, true],
    ]);
  });

  it('refuses an e-mail of another contact with 422 and changes nothing', async () => {
    const c = await create('agent', {
      first_name: 'Own',
      last_name: 'Olga',
      emails: [{ email: 'olga@mail.test' }],
    });
    const other = await create('agent', {
      first_name: 'Other',
      last_name: 'Otto',
      emails: [{ email: 'otto@mail.test' }],
    });
    for (const emailId of [other.emails[0]!.id, 2_000_000_000]) {
      const res = await as.agent!.patch(`/v1/contacts/${c.id}/force_verify_email`, {
        email_id: emailId,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email_id: 'Choose an e-mail of this contact' });
    }
    expect((await show('agent', other.id)).emails[0]!.verification).toBe('unchecked');
    expect((await show('agent', c.id)).emails[0]!.verification).toBe('unchecked');
  });
});

describe('PATCH /v1/contacts/{id}/validate_email', () => {
  it("checks each address's syntax and mail servers: valid, invalid (no MX and no A, null MX) or unknown (DNS timed out)", async () => {
    const c = await create('agent', {
      first_name: 'Valid',
      last_name: 'Vic',
      emails: [
        { email: 'vic@mail.test' },
        { email: 'vic@a-only.test' },
        { email: 'vic@nxdomain.test' },
        { email: 'vic@nullmx.test' },
        { email: 'vic@slow.test' },
      ],
    });
    const checked = contactOf(await as.agent!.patch(`/v1/contacts/${c.id}/validate_email`, {}));
    expect(
      checked.emails.map((e) => [e.email, e.verification, e.verified, e.verified_at !== null]),
    ).toEqual([
      ['vic@mail.test', 'valid', true, true],
      ['vic@a-only.test', 'valid', true, true],
      ['vic@nxdomain.test', 'invalid', false, false],
      ['vic@nullmx.test', 'invalid', false, false],
      ['vic@slow.test', 'unknown', false, false],
    ]);
  });

  it('checks only the e-mail named; a forced address checked again takes the result; 422 for an e-mail of another contact', async () => {
    const c = await create('agent', {
      first_name: 'Single',
      last_name: 'Sue',
      emails: [{ email: 'sue@nxdomain.test' }, { email: 'sue@mail.test' }],
    });
    contactOf(
      await as.agent!.patch(`/v1/contacts/${c.id}/force_verify_email`, {
        email_id: c.emails[0]!.id,
      }),
    );
    const one = contactOf(
      await as.agent!.patch(`/v1/contacts/${c.id}/validate_email`, { email_id: c.emails[1]!.id }),
    );
    expect(one.emails.map((e) => e.verification)).toEqual(['forced', 'valid']);
    const again = contactOf(
      await as.agent!.patch(`/v1/contacts/${c.id}/validate_email`, { email_id: c.emails[0]!.id }),
    );
    expect(again.emails[0]).toMatchObject({
      verification: 'invalid',
      verified: false,
      verified_at: null,
    });
    const other = await create('agent', {
      first_name: 'Else',
      last_name: 'Eve',
      emails: [{ email: 'eve@mail.test' }],
    });
    const res = await as.agent!.patch(`/v1/contacts/${c.id}/validate_email`, {
      email_id: other.emails[0]!.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email_id: 'Choose an e-mail of this contact' });
  });
});

describe('PATCH /v1/contacts/{id}/update_linked_contact', () => {
  const link = (who: string, id: number, linked: number | null) =>
    as[who]!.patch(`/v1/contacts/${id}/update_linked_contact`, { linked_contact_id: linked });
  const linkedOf = async (...ids: number[]) =>
    Promise.all(ids.map(async (id) => (await show('agent', id)).linked_contact_id));

  it('links both ways; linking elsewhere unlinks the previous partners; null unlinks both', async () => {
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map((n) => create('agent', { first_name: 'House', last_name: n })),
    );
    expect(contactOf(await link('agent', a!.id, b!.id)).linked_contact_id).toBe(b!.id);
    expect(await linkedOf(a!.id, b!.id, c!.id)).toEqual([b!.id, a!.id, null]);
    // A moves to C: B is left alone
    contactOf(await link('agent', a!.id, c!.id));
    expect(await linkedOf(a!.id, b!.id, c!.id)).toEqual([c!.id, null, a!.id]);
    // B takes C: C's previous partner A is unlinked
    contactOf(await link('agent', b!.id, String(c!.id) as unknown as number));
    expect(await linkedOf(a!.id, b!.id, c!.id)).toEqual([null, c!.id, b!.id]);
    // null (or '') unlinks both
    expect(contactOf(await link('agent', c!.id, null)).linked_contact_id).toBeNull();
    expect(await linkedOf(a!.id, b!.id, c!.id)).toEqual([null, null, null]);
    contactOf(await link('agent', a!.id, b!.id));
    contactOf(
      await as.agent!.patch(`/v1/contacts/${b!.id}/update_linked_contact`, {
        linked_contact_id: '',
      }),
    );
    expect(await linkedOf(a!.id, b!.id)).toEqual([null, null]);
  });

  it('refuses itself, a missing, trashed or unreachable contact with 422', async () => {
    const a = await create('agent', { first_name: 'Lonely', last_name: 'Lou' });
    const trashed = await create('agent', { first_name: 'Gone', last_name: 'Gil' });
    expect(
      (
        await as.agent!.request('DELETE', '/v1/contacts/destroy_all', {
          body: { ids: [trashed.id] },
        })
      ).statusCode,
    ).toBe(200);
    const foreign = await create('telemarketer', { first_name: 'Foreign', last_name: 'Fred' });
    const self = await link('agent', a.id, a.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({
      linked_contact_id: 'A contact cannot be linked to itself',
    });
    for (const other of [foreign.id, trashed.id, 2_000_000_000]) {
      const res = await link('agent', a.id, other);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ linked_contact_id: 'Choose a linked contact' });
    }
    expect((await link('agent', a.id, undefined as unknown as null)).json().errors).toEqual({
      linked_contact_id: 'Choose a contact',
    });
    expect(await linkedOf(a.id)).toEqual([null]);
    expect((await show('telemarketer', foreign.id)).linked_contact_id).toBeNull();
  });
});

describe('PUT /v1/contacts/{id}/medicare_import_contact', () => {
  const importContact = (who: string, id: number, body?: unknown) =>
    as[who]!.put(`/v1/contacts/${id}/medicare_import_contact`, body);

  it('answers 422 beside each field Medicare quoting needs, and saves nothing then', async () => {
    const c = await create('agent', { first_name: 'Medi', last_name: 'Mae' });
    const empty = await importContact('agent', c.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      date_of_birth: 'Date of birth is needed for Medicare quoting',
      zip: 'Zip is needed for Medicare quoting',
      gender: 'Gender is needed for Medicare quoting',
    });
    // some given, gender still missing ("other" shows as Empty): nothing of it is saved
    const partial = await importContact('agent', c.id, {
      date_of_birth: '1950-04-12',
      zip: '10001',
      gender: 'other',
      medicare_number: '1eg4-te5-mk73',
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual({ gender: 'Gender is needed for Medicare quoting' });
    const bad = await importContact('agent', c.id, {
      medicare_number: '1EG4-TE5-MK7',
      zip: '12',
      date_of_birth: '2999-01-01',
      gender: 'male',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      medicare_number: 'Medicare number must have 11 letters and digits',
      zip: 'Zip must have 5 digits (or 5+4)',
      date_of_birth: 'Date of birth must be a past date after 1900',
    });
    const after = await show('agent', c.id);
    expect(after).toMatchObject({
      date_of_birth: null,
      zip: null,
      gender: null,
      medicare_number: null,
      medicare_imported_at: null,
    });
  });

  it('saves the Medicare fields (number normalised like the contact form) and stamps medicare_imported_at', async () => {
    const c = await create('agent', { first_name: 'Quote', last_name: 'Quinn', zip: '30301' });
    const importedFrom = Date.now();
    const done = contactOf(
      await importContact('agent', c.id, {
        medicare_number: '1eg4-te5 mk73',
        part_a_date: '2015-04-01',
        part_b_date: '',
        date_of_birth: '1950-04-12',
        gender: 'female',
      }),
    );
    expect(done).toMatchObject({
      medicare_number: '1EG4TE5MK73',
      part_a_date: '2015-04-01',
      part_b_date: null,
      date_of_birth: '1950-04-12',
      zip: '30301',
      gender: 'female',
    });
    expectWrittenBetween(done.medicare_imported_at, importedFrom);
    // a contact that already has what quoting needs imports with no body at all
    const again = contactOf(await importContact('field', c.id));
    expect(Date.parse(again.medicare_imported_at!)).toBeGreaterThanOrEqual(
      Date.parse(done.medicare_imported_at!),
    );
    expect(again.medicare_number).toBe('1EG4TE5MK73');
  });
});

describe('reach', () => {
  it("answers 404 for another agent's contact on every action, and changes nothing; the field manager reaches the downline's", async () => {
    const foreign = await create('telemarketer', {
      first_name: 'Reach',
      last_name: 'Rita',
      emails: [{ email: 'rita@mail.test' }],
      zip: '10001',
      date_of_birth: '1950-01-01',
      gender: 'female',
    });
    const own = await create('agent', { first_name: 'Mine', last_name: 'Max' });
    const kForeign = await create('kAgent', { first_name: 'Keystone', last_name: 'Kim' });
    const [before] = await t.ctx.contactsRepository.load([foreign.id]);
    for (const [who, id] of [
      ['agent', foreign.id],
      ['field', foreign.id],
      ['agent', kForeign.id],
      ['agent', 2_000_000_000],
    ] as const) {
      const answers = {
        activity: await as[who]!.put(`/v1/contacts/${id}/activity_info`, { type: 'call' }),
        force: await as[who]!.patch(`/v1/contacts/${id}/force_verify_email`, {}),
        validate: await as[who]!.patch(`/v1/contacts/${id}/validate_email`, {}),
        link: await as[who]!.patch(`/v1/contacts/${id}/update_linked_contact`, {
          linked_contact_id: own.id,
        }),
        unlink: await as[who]!.patch(`/v1/contacts/${id}/update_linked_contact`, {
          linked_contact_id: null,
        }),
        medicare: await as[who]!.put(`/v1/contacts/${id}/medicare_import_contact`, {}),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect(res.statusCode, `${who} ${name}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      }
    }
    const [after] = await t.ctx.contactsRepository.load([foreign.id]);
    expect(after).toEqual(before);
    expect((await show('agent', own.id)).linked_contact_id).toBeNull();
    expect(
      await t.ctx.db
        .select()
        .from(contactActivities)
        .where(eq(contactActivities.contactId, foreign.id)),
    ).toEqual([]);

    // the field manager works on the agent's contacts
    const downline = await create('agent', {
      first_name: 'Down',
      last_name: 'Dee',
      emails: [{ email: 'dee@mail.test' }],
    });
    expect(
      contactOf(await as.field!.patch(`/v1/contacts/${downline.id}/validate_email`)).emails[0]!
        .verification,
    ).toBe('valid');
    expect(
      contactOf(await as.field!.patch(`/v1/contacts/${downline.id}/force_verify_email`)).emails[0]!
        .verification,
    ).toBe('forced');
    expect(
      contactOf(
        await as.field!.patch(`/v1/contacts/${downline.id}/update_linked_contact`, {
          linked_contact_id: own.id,
        }),
      ).linked_contact_id,
    ).toBe(own.id);
    expect((await show('agent', own.id)).linked_contact_id).toBe(downline.id);
    // ... but the agent cannot link their contact to the telemarketer's, even through the field manager's reach
    expect(
      (
        await as.agent!.patch(`/v1/contacts/${own.id}/update_linked_contact`, {
          linked_contact_id: foreign.id,
        })
      ).statusCode,
    ).toBe(422);
    const [row] = await t.ctx.db
      .select({ linked: contacts.linkedContactId })
      .from(contacts)
      .where(eq(contacts.id, foreign.id));
    expect(row!.linked).toBeNull();
  });
});
