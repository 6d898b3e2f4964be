import pg from 'pg';
import { connect } from '../db/database';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../db/seed';
import { envSchema } from '../env';
import { createBillingRepository } from '../modules/billing/billing.repository';
import { createContactsRepository } from '../modules/contacts/contacts.repository';
import { createLookupsRepository } from '../modules/lookups/lookups.repository';
import { createTelephonyPlansRepository } from '../modules/telephony-plans/telephony-plans.repository';
import { createSecretBox } from '../modules/two-factor/secret-box';
import { createUsageRepository } from '../modules/usage/usage.repository';
import { createUsersRepository } from '../modules/users/users.repository';

/** The database of `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server of `adminUrl` (creating and dropping databases). */
export async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates the database `name` with the migrations and the demo seed, whose secrets (the demo
 * second factor's) are sealed with `appSecret`: the app that uses it must have that APP_SECRET.
 */
export async function createDemoDatabase(adminUrl: string, name: string, appSecret: string): Promise<void> {
  await onServer(adminUrl, `create database ${name}`);
  const env = { ...envSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl(adminUrl, name) }), APP_SECRET: appSecret };
  const database = connect(env.DATABASE_URL as string, env);
  try {
    await runMigrations(database.db);
    await seedDemoData(createUsersRepository(database.db), createSecretBox(appSecret), {
      lookups: createLookupsRepository(database.db),
      contacts: createContactsRepository(database.db),
      billing: createBillingRepository(database.db),
      telephonyPlans: createTelephonyPlansRepository(database.db),
      usage: createUsageRepository(database.db),
    });
  } finally {
    await database.close();
  }
}
