import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiVendor, carrier, lookupOption } from '@crm/contract';
import { DEMO_CATALOGS } from '../../db/seed-contacts';
import { KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let agent: TestAgent;
let kAgent: TestAgent;
beforeAll(async () => {
  t = await createTestApp();
  agent = new TestAgent(t.app);
  await agent.signIn('agent');
  kAgent = new TestAgent(t.app, { host: 'keystone.localhost' });
  await kAgent.signIn(seedEmail('agent', KEYSTONE_DEMO.domainName));
});
afterAll(() => t.close());

const get = async (who: TestAgent, path: string) => {
  const res = await who.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('lookups', () => {
  it("list the caller's company's statuses, AgentFlow statuses and sources in display order", async () => {
    const statuses = await get(agent, '/v1/statuses');
    expect(statuses.map((s: { title: string }) => s.title)).toEqual(DEMO_CATALOGS.statuses);
    for (const row of statuses) expect(lookupOption.strict().safeParse(row).success).toBe(true);
    expect((await get(agent, '/v1/agentflow_statuses')).map((s: { title: string }) => s.title)).toEqual(DEMO_CATALOGS.agentflowStatuses);
    expect((await get(agent, '/v1/sources')).map((s: { title: string }) => s.title)).toEqual(DEMO_CATALOGS.sources);
  });

  it('list API vendors and carriers by name', async () => {
    const vendors = await get(agent, '/v1/api_vendors');
    for (const row of vendors) expect(apiVendor.strict().safeParse(row).success).toBe(true);
    expect(vendors.map((v: { vendor_name: string }) => v.vendor_name)).toEqual(DEMO_CATALOGS.apiVendors.map((v) => v.vendorName).sort());
    expect(vendors.find((v: { vendor_name: string }) => v.vendor_name === 'CallTrack Pro')).toMatchObject({ vendor_type: 'calls' });
    const carriers = await get(agent, '/v1/carriers');
    for (const row of carriers) expect(carrier.strict().safeParse(row).success).toBe(true);
    expect(carriers.map((c: { name: string }) => c.name)).toEqual([...DEMO_CATALOGS.carriers].sort((a, b) => a.localeCompare(b)));
  });

  it("each company has its own entries; nobody sees another company's", async () => {
    const harbor = (await get(agent, '/v1/statuses')).map((s: { id: number }) => s.id);
    const keystone = (await get(kAgent, '/v1/statuses')).map((s: { id: number }) => s.id);
    expect(keystone).toHaveLength(DEMO_CATALOGS.statuses.length);
    expect(keystone.filter((id: number) => harbor.includes(id))).toEqual([]);
    for (const path of ['/v1/agentflow_statuses', '/v1/sources', '/v1/api_vendors', '/v1/carriers']) {
      const h = (await get(agent, path)).map((s: { id: number }) => s.id);
      const k = (await get(kAgent, path)).map((s: { id: number }) => s.id);
      expect(k.filter((id: number) => h.includes(id)), path).toEqual([]);
    }
  });

  it('need a signed-in user', async () => {
    for (const path of ['/v1/statuses', '/v1/agentflow_statuses', '/v1/sources', '/v1/api_vendors', '/v1/carriers']) {
      expect((await new TestAgent(t.app).get(path)).statusCode).toBe(401);
    }
  });
});
