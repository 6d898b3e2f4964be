import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, fillPath } from '@crm/contract';
import { createTestApp, TestAgent, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const garbage: unknown[] = ['"a string"', '[1,2,3]', '{"first_name":{"$ne":1},"email":42,"name":[],"otp_code":123456,"timezone":null}', 'null', '{'];

/** Whatever a caller sends, the answer is a clear 4xx, never a 500 (the rule of the contract). */
describe('every endpoint refuses bad input without a 500', () => {
  for (const [name, endpoint] of Object.entries(endpoints)) {
    it(`${endpoint.method} ${endpoint.path} (${name})`, async () => {
      // signed in, so the checks reach past authentication into validation and the handler
      const agent = new TestAgent(t.app, '10.9.9.9');
      await agent.signIn('agent');
      // every path parameter gets the same bad value
      const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const fill = (value: string | number) => fillPath(endpoint.path, Object.fromEntries(names.map((n) => [n, value])));
      const paths = names.length ? [fill('abc'), fill(99_999_999_999), fill(-1)] : [endpoint.path];
      for (const url of paths) {
        const bodies = endpoint.method === 'GET' ? [undefined] : garbage;
        for (const body of bodies) {
          const res = await agent.request(endpoint.method, `${url}${endpoint.method === 'GET' ? '?page=-5&limit=x' : ''}`, {
            body,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${endpoint.method} ${url} ${String(body)} → ${res.body}`).toBeLessThan(500);
          if (endpoint.access !== 'public') expect(res.statusCode, `${endpoint.method} ${url} kept the session`).not.toBe(401);
          if (res.statusCode === 422) expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
        }
      }
    });
  }
});
