import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_NOTHING_TO_CHANGE } from '@crm/contract';
import { seedEmail } from './db/seed';
import { CONFLICT_BODY } from './db/unique-violation';
import { FILE_MESSAGES } from './modules/contact-files/contact-file-rules';
import { IMPORT_FILE_MESSAGES } from './modules/import/import-file';
import { TEXT_MESSAGES } from './plugins/validation';
import { eventually } from './test/cable-client';
import { newContact, signIn, type SignedIn } from './test/contact-fixtures';
import { createKey, createTestApp, type TestApp } from './test/test-app';

/**
 * The findings of the second probe's L1–L4: inputs that answered 500. Each is a 4xx now; the
 * sweep of every operation (openapi-sweep.test.ts) keeps it so.
 */
let t: TestApp;
let agent: SignedIn;
let contactId: number;
const NUL = TEXT_MESSAGES.control('\u0000');

beforeAll(async () => {
  t = await createTestApp();
  agent = await signIn(t, seedEmail('agent'));
  contactId = await newContact(agent);
});
afterAll(() => t.close());

describe('a NUL byte (or other refused text) anywhere the contract reads a string is a 422 naming the field', () => {
  it('in a body field, a nested field, a record key, a query and a multipart field', async () => {
    const profile = { first_name: 'Jamie', last_name: 'Carter', email: seedEmail('agent') };
    const cases: [method: 'PATCH' | 'POST' | 'GET', url: string, body: unknown, field: string][] = [
      ['PATCH', '/v1/users/update_profile', { ...profile, first_name: 'Ja\u0000mie' }, 'first_name'],
      ['PATCH', '/v1/users/update_profile', { ...profile, about_me: 'about\u0000' }, 'about_me'],
      ['POST', `/v1/contacts/${contactId}/notes`, { body: 'a\u0000b' }, 'body'],
      ['PATCH', `/v1/contacts/${contactId}`, { first_name: 'Ann', address1: '1 Main\u0000St' }, 'address1'],
      ['PATCH', '/v1/contacts', { contacts_scope: { q: 'smith\u0000' } }, 'contacts_scope.q'],
      ['POST', '/v1/helps', { subject: 'Help', message: 'x\u0000', page: '/contacts' }, 'message'],
      ['POST', '/v1/import_settings', { name: 'Mine\u0000', headers: ['First'], fields: ['first_name'] }, 'name'],
      ['POST', '/v1/quick_filters', { name: 'F\u0000', contacts_scope: {} }, 'name'],
      ['GET', '/v1/contacts/transfer_attempts?q=a%00b', undefined, 'q'],
      ['GET', '/v1/admin/users/owners?q=a%00b', undefined, 'q'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await agent.request(method, url, { body });
      expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(422);
      expect(res.json().errors, `${method} ${url}`).toEqual({ [field]: NUL });
    }
  });

  it('refuses other control characters and lone surrogates, and keeps tabs and line breaks', async () => {
    const refused = await agent.post(`/v1/contacts/${contactId}/notes`, { body: 'bell \u0007' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ body: 'Must not contain control characters (found U+0007)' });
    const surrogate = await agent.request('POST', `/v1/contacts/${contactId}/notes`, { body: '{"body":"half \\ud800 a pair"}', headers: { 'content-type': 'application/json' } });
    expect(surrogate.statusCode).toBe(422);
    expect(surrogate.json().errors).toEqual({ body: TEXT_MESSAGES.surrogate });
    const kept = await agent.post(`/v1/contacts/${contactId}/notes`, { body: 'line one\r\n\tline two 😀' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.body).toBe('line one\r\n\tline two 😀');
  });

  it('refuses it in an import form field, plain or inside a JSON field', async () => {
    for (const [name, value, field] of [
      ['lead_type', 'web\u0000', 'lead_type'],
      ['api_vendor_obj', JSON.stringify({ vendor_name: 'Acme\u0000' }), 'api_vendor_obj.vendor_name'],
    ] as const) {
      const form = new FormData();
      form.append('fields', JSON.stringify(['first_name', 'last_name']));
      form.append(name, value);
      form.append('file', new Blob(['First Name,Last Name\r\nAnn,Lee\r\n'], { type: 'text/csv' }), 'leads.csv');
      const res = await agent.post('/v1/contacts/import', form);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ [field]: NUL });
    }
  });
});

describe('PATCH /v1/api_keys/{id}', () => {
  it('answers 422 "Nothing to change" to an empty body, and changes nothing', async () => {
    const key = await createKey(agent);
    const res = await agent.patch(`/v1/api_keys/${key.id}`, {});
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ base: API_KEY_NOTHING_TO_CHANGE });
    // unknown fields are dropped, so they too leave nothing to change
    expect((await agent.patch(`/v1/api_keys/${key.id}`, { scopes: ['admin:write'] })).statusCode).toBe(422);
    expect((await agent.patch(`/v1/api_keys/${key.id}`, { name: 'Renamed' })).json().data.name).toBe('Renamed');
  });
});

describe('a multipart upload the parser cannot read', () => {
  const uploads = [
    '/v1/contacts/import_attachments',
    '/v1/contacts/validate_import',
    '/v1/contacts/import',
    '/v1/contacts/leads_uploader',
    '/v1/contacts/clients_uploader',
    '/v1/contacts/attachments_leads_uploader',
  ];
  const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\nFirst Name\r\nAnn\r\n`;
  for (const url of uploads) {
    it(`is a 422 on ${url}: a boundary the body does not use, none at all, or a body cut off`, async () => {
      const cases: [contentType: string, body: string][] = [
        ['multipart/form-data; boundary=b', `${part('other')}--other--\r\n`],
        ['multipart/form-data', `${part('other')}--other--\r\n`],
        ['multipart/form-data; boundary=b', part('b')],
      ];
      for (const [contentType, body] of cases) {
        const res = await agent.request('POST', url, { body, headers: { 'content-type': contentType } });
        expect(res.statusCode, `${contentType} ${JSON.stringify(body.slice(0, 12))} → ${res.body}`).toBe(422);
        expect(res.json().errors).toEqual({ file: IMPORT_FILE_MESSAGES.unreadable });
      }
    });
  }

  it("reads a contact's file upload it can parse and answers 422 for one it cannot", async () => {
    const cases: [contentType: string, body: string, status: number][] = [
      ['multipart/form-data', 'no boundary', 422],
      ['multipart/form-data; boundary=x', '\u0000\u0001garbage', 422],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n--x--', 200],
    ];
    for (const [contentType, body, status] of cases) {
      const res = await agent.request('POST', `/v1/contacts/${contactId}/files`, { body, headers: { 'content-type': contentType } });
      expect(res.statusCode, `${contentType} ${body} → ${res.body}`).toBe(status);
    }
  });

  it("is a 422 on a contact's file upload cut off before its closing boundary (it waited forever)", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
    const res = await agent.request('POST', `/v1/contacts/${contactId}/files`, { body, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ file: FILE_MESSAGES.unreadable });
  });
});

describe('requests racing past a unique check', () => {
  it('five parallel profile updates moving to one new address: none answers 500', async () => {
    const me = await signIn(t, seedEmail('field'));
    const body = { first_name: 'Riley', last_name: 'Patel', email: 'riley.new@example.com' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => me.patch('/v1/users/update_profile', body)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200).length, statuses.join()).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409), statuses.join()).toBe(true);
    expect((await me.get('/v1/users/email_change')).json().data.new_email).toBe('riley.new@example.com');
  });

  it('the request that loses the race on the unique index gets 409, its change made by the winner', async () => {
    // the winner: a change written in a transaction of its own, committed only once the request waits on its index entry
    const me = await signIn(t, seedEmail('district'));
    const winner = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await winner.connect();
    try {
      await winner.query('begin');
      await winner.query(
        `insert into email_changes (user_id, old_email, new_email, token_digest, expires_at, cancel_token_digest, cancel_expires_at)
         values ($1, $2, 'casey.new@example.com', 'race-token', now() + interval '1 day', 'race-cancel', now() + interval '7 days')`,
        [me.userId, seedEmail('district')],
      );
      const loser = me.patch('/v1/users/update_profile', { first_name: 'Casey', last_name: 'Nguyen', email: 'casey.new@example.com' });
      let early: string | undefined;
      void loser.then((r) => (early = `${r.statusCode} ${r.body}`));
      await eventually(async () => {
        expect(early, 'the request waits for the winner').toBeUndefined();
        const waiting = await winner.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        expect(waiting.rowCount).toBe(1);
      }, 20_000);
      await winner.query('commit');
      const res = await loser;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors).toEqual({ base: CONFLICT_BODY.errors.base });
      expect(res.json().errors.base).toBe('Another request changed this at the same time. Please reload and try again.');
    } finally {
      await winner.end();
    }
  });
});
