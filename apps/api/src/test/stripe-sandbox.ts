import { sql } from 'drizzle-orm';
import type { StripeObject } from '../vendors/stripe/sandbox/stripe-sandbox.repository';
import { seedEmail } from '../db/seed';
import { renewalKey } from '../modules/billing/renewals';
import { TestAgent, type TestApp } from './test-app';

/** Listens on a free port of 127.0.0.1, so that the payments adapter (and the sandbox's webhooks) reach the Stripe sandbox over HTTP. */
export async function listenForSandbox(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t.ctx.localOrigin.url().origin;
}

/** Parsed JSON, as `res.json()` gives it in the other tests. */
export type ParsedJson = ReturnType<typeof JSON.parse>;

export type TestCard = { number: string; exp_month?: string; exp_year?: string; cvc?: string };

/**
 * Tokenises a card as Stripe.js does in the browser: a form-encoded POST of the card to the
 * sandbox's /v1/payment_methods with the publishable key. Answers the status and Stripe's JSON.
 */
export async function tokenize(t: TestApp, card: TestCard): Promise<{ status: number; body: ParsedJson }> {
  const form = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': card.exp_month ?? '12',
    'card[exp_year]': card.exp_year ?? String(new Date().getUTCFullYear() + 3),
    'card[cvc]': card.cvc ?? (card.number.startsWith('3') ? '1234' : '123'),
  });
  const res = await fetch(new URL('/sandbox/stripe/v1/payment_methods', t.ctx.localOrigin.url()), {
    method: 'POST',
    headers: { authorization: `Bearer ${t.ctx.paymentsSettings.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: res.status, body: (await res.json()) as ParsedJson };
}

/** A payment method id of a tokenised test card (throws when the sandbox refuses it). */
export async function paymentMethodFor(t: TestApp, number: string): Promise<string> {
  const { status, body } = await tokenize(t, { number });
  if (status !== 200) throw new Error(`tokenising ${number}: ${status} ${JSON.stringify(body)}`);
  return body.id as string;
}

let made = 0;
/** A fresh unpaid agent of the Harbor demo company, signed in (each test its own account). */
export async function unpaidAgent(t: TestApp): Promise<{ agent: TestAgent; id: number; email: string }> {
  made += 1;
  const template = (await t.ctx.usersRepository.findByEmail(seedEmail('unpaid.agent')))!;
  const email = `billing.${made}.${Date.now()}@harbor-demo.example`;
  const row = await t.ctx.usersRepository.insert(
    {
      companyId: template.companyId,
      email,
      username: `billing${made}x${Date.now()}`,
      passwordHash: template.passwordHash,
      accountType: 'agent',
      firstName: 'Pat',
      lastName: `Buyer ${made}`,
      tosAcceptedVersion: 1,
      tosAcceptedAt: new Date(),
      paidUser: false,
    },
    ['agent'],
  );
  const agent = new TestAgent(t.app);
  await agent.signIn(email);
  return { agent, id: row.id, email };
}

/**
 * A renewal try's pending history row, as the renewals engine writes it before it calls Stripe: what
 * a worker that died right after leaves behind. Its idempotency key is the engine's (renewalKey).
 */
export async function pendingRenewal(
  t: TestApp,
  row: { userId: number; subject: string; amountCents: number; periodStart: Date; attempt?: number; planId?: number },
) {
  const attempt = row.attempt ?? 0;
  const pending = await t.ctx.billingRepository.insertPending({
    userId: row.userId,
    kind: 'charge',
    status: 'pending',
    amountCents: row.amountCents,
    currency: 'usd',
    description: 'renewal',
    subject: row.subject,
    attempt,
    ...(row.planId !== undefined && { planId: row.planId }),
    periodStart: row.periodStart,
    periodEnd: new Date(row.periodStart.getTime() + 30 * 86_400_000),
    idempotencyKey: renewalKey(row.subject, row.periodStart, attempt),
  });
  return pending!;
}

/**
 * A fresh agent on the monthly account plan paid with 4242 4242 4242 4242, whose paid period ended
 * a minute ago (the renewals job's due), with `number` as the card on file by then.
 */
export async function onEndedPlan(t: TestApp, number = '4242424242424242') {
  const user = await unpaidAgent(t);
  const connect = async (card: string) => {
    const res = await user.agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, card) });
    if (res.statusCode !== 200) throw new Error(`connecting ${card}: ${res.body}`);
  };
  await connect('4242424242424242');
  const monthly = ((await user.agent.get('/v1/plans')).json().data as { id: number; code: string; amount_cents: number }[])[0]!;
  const paid = await user.agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
  if (paid.statusCode !== 200) throw new Error(`paying the plan: ${paid.body}`);
  if (number !== '4242424242424242') await connect(number);
  const ended = new Date(Date.now() - 60_000);
  await t.ctx.db.execute(sql`update billing_accounts set current_period_end = ${ended.toISOString()}::timestamptz where user_id = ${user.id}`);
  await t.ctx.usersRepository.update(user.id, { paidUntil: ended });
  return { ...user, ended, monthly };
}

/**
 * Puts an object in the Stripe sandbox as if the vendor had made it (a refund on Stripe's
 * dashboard, a payment whose answer was lost), sending no event: what the vendor's API then says
 * of it, for a test's own webhook event to name.
 */
export async function vendorHas(t: TestApp, object: { id: string; object: string } & Record<string, unknown>): Promise<void> {
  if (!t.ctx.stripeSandbox) throw new Error('The Stripe sandbox is not in use');
  await t.ctx.stripeSandbox.repository.insert(object as StripeObject);
}

/**
 * The tables of the app's database that hold `needle` anywhere in a row (every column, as text):
 * what a test asserts no secret or card number was stored in, whichever table a change adds.
 */
export async function tablesHolding(t: TestApp, needle: string): Promise<string[]> {
  const tables = await t.ctx.db.execute<{ name: string }>(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`);
  const holding: string[] = [];
  for (const { name } of tables.rows) {
    const found = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(name)} r where strpos(r::text, ${needle}) > 0`);
    if (Number(found.rows[0]?.n) > 0) holding.push(name);
  }
  return holding;
}

/** What the webhook job does with a verified Stripe event: the adapter reads it back and puts it in the product's words; billing applies it. */
export async function applyStripeEvent(t: TestApp, verified: { type: string; payload: Record<string, unknown> }): Promise<void> {
  const read = await t.ctx.payments.readEvent(verified);
  if (read) await t.ctx.billing.paymentEvent(read);
}

/**
 * The customer's answer on the sandbox's 3-D Secure page (the bank's page Stripe.js opens for an
 * intent that answers requires_action): Complete or Fail, posted as the page's form posts it.
 */
export async function answerBank(t: TestApp, clientSecret: string, outcome: 'complete' | 'fail'): Promise<{ status: number; html: string }> {
  const id = clientSecret.split('_secret_')[0];
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/stripe/3ds/${id}`,
    payload: new URLSearchParams({ client_secret: clientSecret, outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, html: res.body };
}

/**
 * Acts on the event the Stripe sandbox wrote of `type` about the intent of `clientSecret` (what its
 * webhook delivers) as the webhook's job does: read back from the sandbox, then given to billing.
 */
export async function actOnSandboxEvent(t: TestApp, type: string, clientSecret: string): Promise<void> {
  const objectId = clientSecret.split('_secret_')[0] as string;
  const found = await t.ctx.db.execute<{ data: Record<string, unknown> }>(
    sql`select data from sandbox_objects where vendor = 'stripe' and object = 'event' and data->>'type' = ${type} and data->'data'->'object'->>'id' = ${objectId}`,
  );
  const event = found.rows[0]?.data;
  if (!event) throw new Error(`The Stripe sandbox wrote no ${type} event about ${objectId}`);
  await applyStripeEvent(t, { type, payload: event });
}
