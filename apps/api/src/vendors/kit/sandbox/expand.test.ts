import { describe, expect, it } from 'vitest';
import { expandObjects, expandPaths } from './expand';

const STORED: Record<string, Record<string, unknown>> = {
  cus_1: { id: 'cus_1', object: 'customer', email: 'a@example.com' },
  ch_1: { id: 'ch_1', object: 'charge', amount: 2500, payment_method: 'pm_1', customer: null },
  pm_1: { id: 'pm_1', object: 'payment_method', customer: 'cus_1' },
};

class NotExpandable extends Error {}

const options = {
  findById: async (id: string) => (STORED[id] ? structuredClone(STORED[id]) : null),
  refuse: (path: string) => new NotExpandable(`This property cannot be expanded (${path}).`),
};

describe('expand paths as a request carries them', () => {
  it('takes one path, a list, or the indexed object of a form', () => {
    expect(expandPaths('customer')).toEqual(['customer']);
    expect(expandPaths(['customer', 'latest_charge'])).toEqual(['customer', 'latest_charge']);
    expect(expandPaths({ 0: 'latest_charge.payment_method', 1: 'customer' })).toEqual(['latest_charge.payment_method', 'customer']);
  });

  it('asks for none when there is nothing (or nothing but nested values)', () => {
    expect(expandPaths(undefined)).toEqual([]);
    expect(expandPaths({ 0: { nested: 'x' } })).toEqual([]);
  });
});

describe('expanding an answer', () => {
  it('puts the object in place of its id, through ids on a dotted path', async () => {
    const intent = { id: 'pi_1', object: 'payment_intent', customer: 'cus_1', latest_charge: 'ch_1' };
    const expanded = await expandObjects(intent, ['latest_charge.payment_method', 'customer'], options);
    expect(expanded).toBe(intent);
    expect(expanded).toEqual({
      id: 'pi_1',
      object: 'payment_intent',
      customer: STORED.cus_1,
      latest_charge: { ...STORED.ch_1, payment_method: STORED.pm_1 },
    });
  });

  it("goes through every item of a list's data, and walks through an object already expanded", async () => {
    const list = { object: 'list', data: [structuredClone(STORED.pm_1!), { id: 'pm_2', object: 'payment_method', customer: null }] };
    await expandObjects(list, ['data.customer'], options);
    expect(list.data.map((item) => item.customer)).toEqual([STORED.cus_1, null]);
    const charge = { id: 'ch_2', object: 'charge', payment_method: structuredClone(STORED.pm_1!) };
    await expandObjects(charge, ['payment_method.customer'], options);
    expect(charge.payment_method.customer).toEqual(STORED.cus_1);
  });

  it('keeps a null as it is, further steps of the path included', async () => {
    const charge = structuredClone(STORED.ch_1!);
    await expandObjects(charge, ['customer.invoice_settings'], options);
    expect(charge.customer).toBeNull();
  });

  it("refuses with the vendor's error a field that is missing, holds no id of an object, or holds a plain value", async () => {
    const intent = () => ({ id: 'pi_1', object: 'payment_intent', amount: 2500, customer: 'cus_gone', metadata: { plan: 'agent' } });
    await expect(expandObjects(intent(), ['amount'], options)).rejects.toThrow(new NotExpandable('This property cannot be expanded (amount).'));
    await expect(expandObjects(intent(), ['customer'], options)).rejects.toThrow('This property cannot be expanded (customer).');
    await expect(expandObjects(intent(), ['metadata'], options)).rejects.toThrow('This property cannot be expanded (metadata).');
    await expect(expandObjects(intent(), ['nothing.here'], options)).rejects.toThrow('This property cannot be expanded (nothing.here).');
  });
});
