import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForSandbox, paymentMethodFor, unpaidAgent } from '../../test/stripe-sandbox';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForSandbox(t);
});
afterAll(() => t.close());

/** A fresh agent with the given test card on file (none: no card), subscribing to Dialer Starter as self-pay. */
async function subscribeWith(card: string | null) {
  const { agent, id } = await unpaidAgent(t);
  if (card) {
    const res = await agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, card) });
    expect(res.statusCode, res.body).toBe(200);
  }
  const user = (await t.ctx.usersRepository.findById(id))!;
  const caller = { user, roles: ['agent' as const], brand: 'harbor' as const };
  const [starter] = (await t.ctx.telephonyPlans.listPlans(caller, 'dialer', { order: 'asc', page: 1, limit: 25 })).data;
  return { caller, result: await t.ctx.telephonyPlans.createSubscription(caller, 'dialer', { plan_id: starter!.id, type: 'self', quantity: 1, user_ids: [] }) };
}

describe('dialer and SMS orders are charged to the payer’s card on file (Stripe sandbox)', () => {
  it('4242 4242 4242 4242: the order is paid with the payment’s id and the subscription is active', async () => {
    const { result, caller } = await subscribeWith('4242424242424242');
    expect(result.order).toMatchObject({ status: 'paid', amount_cents: 2900, payment_reference: expect.stringMatching(/^pi_/) });
    expect(result.data).toMatchObject({ status: 'active', active: true });
    expect((await t.ctx.telephonyPlans.statesOf(caller.user)).dialer.subscription).toMatchObject({ type: 'self', active: true, paid: true });
  });

  it('4000 0000 0000 0341 (attaches, then charges fail): the order fails and the subscription stays pending', async () => {
    const { result } = await subscribeWith('4000000000000341');
    expect(result.order).toMatchObject({ status: 'failed', amount_cents: 2900 });
    expect(result.data).toMatchObject({ status: 'pending', active: false });
  });

  it('without a card on file the order waits, pending', async () => {
    const { result } = await subscribeWith(null);
    expect(result.order).toMatchObject({ status: 'pending', payment_reference: null });
    expect(result.data.status).toBe('pending');
  });
});
