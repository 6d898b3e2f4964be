import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalKey } from './renewals';
import { runningEmbeddedUrl } from '../../db/embedded';
import { seedEmail } from '../../db/seed';
import { kill9, productProcess, terminate, waitFor } from '../../test/product-process';
import { ACCOUNT_RENEWALS_JOB } from './billing.module';
import { periodEnd } from './billing.service';

/**
 * Issue 13: "a worker killed mid-renewal charges once after restart", with real processes. The
 * product runs as deployed with separate workers (API `--no-worker`, `npm run worker` beside it),
 * on its own data folder and ports (test/product-process.ts, as the fault tests). The Stripe
 * sandbox takes CHARGE_DELAY_MS over each new PaymentIntent (STRIPE_SANDBOX_CHARGE_DELAY_MS, a
 * test-only knob), so the worker is killed (kill -9) while its renewal charge is in flight: the
 * pending history row written, the request at the vendor, its answer not yet back. The sandbox (in the API process)
 * completes the charge with nobody to record it; the product is started again, and its start
 * queues the renewals job (main.ts), which must find the period charged, not charge it again.
 */

const CHARGE_DELAY_MS = 10_000;
const product = productProcess('renewal-kill', {
  STRIPE_SANDBOX_CHARGE_DELAY_MS: String(CHARGE_DELAY_MS),
  // update_plan's first charge takes the sandbox's delay too; a busy machine must not time it out
  REQUEST_TIMEOUT_MS: '20000',
});
let db: pg.Pool;

beforeAll(async () => {
  // no workers in the API: the renewals job its start queues waits for the worker this test starts
  const healthy = await product.start(['--no-worker']);
  console.log(`[renewal kill] first start (initdb, migrations, demo data) healthy after ${healthy} ms`);
  db = new pg.Pool({ connectionString: runningEmbeddedUrl(product.dataDir, product.pgPort, 'crm') ?? undefined, max: 2 });
  // the product's restart stops its embedded PostgreSQL under the pool's idle connections: they go, the next query connects again
  db.on('error', () => undefined);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await product.close();
}, 60_000);

/** The end of the processes' output, for a failure's message. */
const tail = () => product.output().slice(-4000);
const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) => (await db.query<T>(text, values)).rows[0];

describe('a renewal whose worker is killed (kill -9) while the charge is in flight', () => {
  it('a worker killed mid-renewal charges once after restart', async () => {
    const since = performance.now();
    const elapsed = () => Math.round(performance.now() - since);

    // the seed's unpaid agent: a 4242 card (tokenised as Stripe.js does, at the sandbox's copy of Stripe's /v1/payment_methods), the monthly plan paid
    const email = seedEmail('unpaid.agent');
    const agent = await product.signIn(email);
    const me = (await one<{ id: number }>('select id from users where email = $1', [email]))!;
    const { payments } = (await (await agent('GET', '/v1/accounts/info')).json()).data as { payments: { publishable_key: string } };
    const card = new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getUTCFullYear() + 3), 'card[cvc]': '123' });
    const tokenised = await fetch(`${product.base()}/sandbox/stripe/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${payments.publishable_key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: card.toString(),
    });
    expect(tokenised.status).toBe(200);
    const connected = await agent('POST', '/v1/accounts/connect_card', { payment_method_id: ((await tokenised.json()) as { id: string }).id });
    expect(connected.status, await connected.clone().text()).toBe(200);
    const [monthly] = (await (await agent('GET', '/v1/plans')).json()).data as { id: number; interval: string; amount_cents: number }[];
    const paid = await agent('POST', '/v1/accounts/update_plan', { plan_id: monthly!.id }, 30_000);
    expect(paid.status, await paid.clone().text()).toBe(200);

    // its paid period ended a minute ago: the renewals job's due
    const ended = new Date(Date.now() - 60_000);
    await db.query('update billing_accounts set current_period_end = $1 where user_id = $2', [ended, me.id]);
    await db.query('update users set paid_until = $1 where id = $2', [ended, me.id]);
    const customer = (await one<{ customer_id: string }>('select customer_id from billing_accounts where user_id = $1', [me.id]))!.customer_id;
    const key = renewalKey(`account:${me.id}`, ended, 0);
    const intentsOf = async (transactionId: number) =>
      (
        await db.query<{ status: string }>(
          `select data->>'status' as status from sandbox_objects where vendor = 'stripe' and object = 'payment_intent' and owner = $1 and data->'metadata'->>'transaction_id' = $2`,
          [customer, String(transactionId)],
        )
      ).rows;
    const setUp = elapsed();

    // a worker takes the renewals job: it writes the period's pending row, then asks the vendor; it is
    // killed once the vendor has that request (the sandbox claimed its Idempotency-Key) and works on
    // it (for CHARGE_DELAY_MS): the charge is in flight, the worker waits for the answer
    const worker = product.startWorker();
    const pending = await waitFor(
      'the renewal pending row',
      async () => one<{ id: number; status: string }>('select id, status from billing_transactions where idempotency_key = $1', [key]),
      30_000,
      10,
      tail,
    );
    const atVendor = async () => (await one<{ state: string }>("select state from sandbox_idempotency where vendor = 'stripe' and key = $1", [key]))?.state;
    await waitFor('the renewal charge at the vendor', atVendor, 30_000, 10, tail);
    await kill9(worker);
    const killedAt = elapsed();
    expect(await atVendor()).toBe('running');
    // killed before the vendor answered: nothing of the charge was recorded...
    expect((await one<{ status: string }>('select status from billing_transactions where id = $1', [pending.id]))!.status).toBe('pending');
    // ...and the sandbox, whose request outlives the worker, charges the card: the vendor charged, the product does not know
    await waitFor('the in-flight charge at the vendor', async () => ((await intentsOf(pending.id)).length ? true : undefined), CHARGE_DELAY_MS + 20_000, 50, tail);
    expect(await intentsOf(pending.id)).toEqual([{ status: 'succeeded' }]);
    expect((await one<{ status: string }>('select status from billing_transactions where id = $1', [pending.id]))!.status).toBe('pending');

    // restart: the product again, with a new worker; its start queues the renewals job
    const restartedAt = performance.now();
    await terminate(product.api);
    await product.start(['--no-worker']);
    const jobsBefore = Number((await one<{ n: string }>(`select count(*) as n from pgboss.job where name = $1 and state = 'completed'`, [ACCOUNT_RENEWALS_JOB]))!.n);
    product.startWorker();
    // the renewals job ran again (a run after the restart completed)...
    await waitFor(
      'a renewals run after the restart',
      async () => (Number((await one<{ n: string }>(`select count(*) as n from pgboss.job where name = $1 and state = 'completed'`, [ACCOUNT_RENEWALS_JOB]))!.n) > jobsBefore ? true : undefined),
      60_000,
      100,
      tail,
    );
    // ...and the period's charge is recorded (by that run or by the vendor's webhook, whichever came first)
    await waitFor('the renewal recorded', async () => ((await one<{ status: string }>('select status from billing_transactions where id = $1', [pending.id]))!.status === 'succeeded' ? true : undefined), 30_000, 100, tail);
    const recovered = Math.round(performance.now() - restartedAt);
    // which recorded it: the renewals run (asking the vendor again under the period's key: the first answer, replayed) or the webhook
    const askedAgain = Number(
      (await one<{ n: string }>(`select count(*) as n from vendor_calls where operation = 'payment_intents.create' and correlation_id like 'job:%' and created_at > now() - make_interval(secs => $1)`, [recovered / 1000 + 1]))!.n,
    );

    // one successful PaymentIntent for the period; the customer's only others: the first period's
    expect(await intentsOf(pending.id)).toEqual([{ status: 'succeeded' }]);
    const customerIntents = (await db.query<{ status: string }>(`select data->>'status' as status from sandbox_objects where vendor = 'stripe' and object = 'payment_intent' and owner = $1`, [customer])).rows;
    expect(customerIntents).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
    // one paid history row for the period (and the first payment), no failure
    const history = (await (await agent('GET', '/v1/accounts/history?page=1&limit=25')).json()).data as { kind: string; status: string; amount_cents: number }[];
    expect(history.map((e) => `${e.kind}:${e.status}:${e.amount_cents}`)).toEqual([`charge:succeeded:${monthly!.amount_cents}`, `charge:succeeded:${monthly!.amount_cents}`]);
    const periodRows = (await db.query('select status from billing_transactions where user_id = $1 and period_start = $2', [me.id, ended])).rows;
    expect(periodRows).toEqual([{ status: 'succeeded' }]);
    // the account paid, for the next period
    const info = (await (await agent('GET', '/v1/accounts/info')).json()).data;
    expect(info).toMatchObject({ 'paid_user?': true, status: 'active', current_period_start: ended.toISOString(), current_period_end: periodEnd(ended, monthly!.interval).toISOString() });
    expect((await agent('GET', '/v1/users/me')).status).toBe(200);

    console.log(
      `[renewal kill] set up ${setUp} ms; worker killed ${killedAt - setUp} ms after it started (charge in flight); restart to the renewal recorded ${recovered} ms (${askedAgain ? 'by the renewals run, the vendor answering the first charge again' : 'by the payment_intent.succeeded webhook first'}); ${elapsed()} ms in all`,
    );
  }, 120_000);
});
