import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, fillPath } from '@crm/contract';
import { newContact, signInCast, type Cast } from './test/contact-fixtures';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * contract-robustness.test.ts stops at the path parameters; this walks a contact's record endpoints
 * with real ids, so bad bodies and queries reach the handlers: never a 500.
 */
let t: TestApp;
let as: Cast;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  ids.id = await newContact(as.agent);
  const base = `/v1/contacts/${ids.id}`;
  ids.noteId = (await as.agent.post(`${base}/notes`, { body: 'A note' })).json().data.id;
  const form = new FormData();
  form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
  ids.fileId = (await as.agent.post(`${base}/files`, form)).json().data.id;
  ids.policyId = (await as.agent.post(`${base}/policies`, { policy_type: 'term_life' })).json().data.id;
  ids.securityId = (await as.agent.post(`${base}/securities`, { security_type: 'stock', name: 'ACME' })).json().data.id;
});
afterAll(() => t.close());

const garbage = ['"a string"', '[1,2,3]', '{"body":{"$ne":1},"q":[],"name":7,"data_captures":"x","prescriptions":[null],"contacts_scope":5}', 'null', '{'];
const mine = Object.entries(endpoints).filter(([, e]) =>
  /^\/v1\/(tags$|contacts\/\{id\}\/(notes|files|policies|securities|data_capture|rx_details))/.test(e.path),
);

describe("a contact's records refuse bad input without a 500", () => {
  for (const [name, endpoint] of mine) {
    it(`${endpoint.method} ${endpoint.path} (${name})`, async () => {
      const url = fillPath(endpoint.path, ids);
      const bodies = endpoint.method === 'GET' ? [undefined] : garbage;
      for (const body of bodies) {
        const res = await as.agent.request(endpoint.method, `${url}${endpoint.method === 'GET' ? '?page=-5&limit=x&q[]=1' : ''}`, {
          body,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${endpoint.method} ${url} ${String(body)} → ${res.body}`).toBeLessThan(500);
      }
    });
  }

  it('reads a multipart upload it can parse and answers 422 for one it cannot', async () => {
    const cases: [contentType: string, body: string, status: number][] = [
      ['multipart/form-data', 'no boundary', 422],
      ['multipart/form-data; boundary=x', '\u0000\u0001garbage', 422],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n--x--', 200],
    ];
    for (const [contentType, body, status] of cases) {
      const res = await as.agent.request('POST', `/v1/contacts/${ids.id}/files`, { body, headers: { 'content-type': contentType } });
      expect(res.statusCode, `${contentType} ${body} → ${res.body}`).toBe(status);
    }
  });
});
