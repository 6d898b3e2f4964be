import { loadPasswordRule } from '@crm/password-rule';
import { buildApp } from './app';
import { createContext } from './context';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrate';
import { DEMO_PASSWORD, seedDemoData, seedSignInUrl } from './db/seed';
import { loadEnv } from './env';
import { ACCOUNT_RENEWALS_JOB, RENEWALS_EVERY_MINUTES } from './modules/billing/billing.module';
import { WEBHOOK_SWEEP_EVERY_SECONDS, WEBHOOK_SWEEP_JOB } from './webhooks/webhooks.service';
import { createSecretBox } from './modules/two-factor/secret-box';

const log = (message: string) => console.log(`[crm] ${message}`);

/**
 * Starts the product: database (embedded unless DATABASE_URL), migrations, demo data when empty,
 * HTTP server, and the job workers unless `--no-worker` (then `worker.ts` processes take the jobs).
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env, log, {
    // the embedded PostgreSQL would not start again: exit non-zero, so that a supervisor starts the product afresh
    onGiveUp: (error) => {
      console.error(`[crm] ${error.message}; exiting`);
      process.exit(1);
    },
  });
  await runMigrations(database.db);
  const ctx = createContext(env, database.db);
  if (process.argv.includes('--seed-if-empty') && (await ctx.usersRepository.count()) === 0) {
    const seeded = await seedDemoData(ctx.usersRepository, createSecretBox(env.APP_SECRET), {
      lookups: ctx.lookupsRepository,
      contacts: ctx.contactsRepository,
      billing: ctx.billingRepository,
      telephonyPlans: ctx.telephonyPlansRepository,
      usage: ctx.usageRepository,
      campaignTriggers: ctx.campaignTriggersRepository,
      // a dead vendor event, so that Admin → Vendor events has something to show (and the e2e test to retry)
      webhooks: ctx.webhooks.repository,
    });
    log(`Seeded demo data. Every demo user's password is ${DEMO_PASSWORD}; each signs in on their brand's host:`);
    for (const u of seeded) log(`  ${u.email.padEnd(34)} ${u.role.padEnd(17)} ${seedSignInUrl(u.brand, env.PORT).padEnd(32)} ${u.note}`);
  }
  const app = await buildApp(ctx);
  const sweep = () => ctx.sessions.sweepExpired().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  await sweep();
  setInterval(sweep, 60 * 60_000).unref();
  // account plans whose paid period ended are charged for the next one (a job; one queued at a time)
  const renew = () =>
    ctx.jobs.send(ACCOUNT_RENEWALS_JOB, {}, { singletonKey: ACCOUNT_RENEWALS_JOB }).catch((error: unknown) => app.log.warn({ err: error }, 'renewals not queued'));
  setInterval(renew, RENEWALS_EVERY_MINUTES * 60_000).unref();
  void renew();
  // webhook events left behind (never queued, or out of retries) are queued again, or marked dead
  const sweepWebhooks = () =>
    ctx.jobs.send(WEBHOOK_SWEEP_JOB, {}, { singletonKey: WEBHOOK_SWEEP_JOB }).catch((error: unknown) => app.log.warn({ err: error }, 'webhook sweep not queued'));
  setInterval(sweepWebhooks, WEBHOOK_SWEEP_EVERY_SECONDS * 1000).unref();
  if (!process.argv.includes('--no-worker')) await ctx.jobs.startWorkers();
  const shutdown = async (signal: string) => {
    log(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: env.HOST, port: env.PORT });
  // The password rule's dictionaries, once per process: loaded now, not on the first sign-in.
  loadPasswordRule().catch((error: unknown) => log(`password rule not loaded yet: ${error instanceof Error ? error.message : String(error)}`));
  log(`CRM is running at ${env.PUBLIC_URL} (API reference at ${env.PUBLIC_URL}/v1/docs)`);
}

main().catch((error: unknown) => {
  console.error(`[crm] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
