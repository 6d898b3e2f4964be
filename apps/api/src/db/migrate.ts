import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { ROLES } from '@crm/contract';
import type { Database } from './database';
import { roles } from './schema';

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  admin: 'System Admin',
  sub_admin: 'Admin',
  bu_admin: 'Business Unit Admin',
  manager: 'Manager',
  regional_manager: 'Regional Manager',
  district_manager: 'District Manager',
  field_manager: 'Field Manager',
  telemarketer: 'Telemarketer',
  agent: 'Agent',
  basic: 'Basic',
};

/** Applies the committed migrations and the reference rows every installation has (roles). */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name, label: ROLE_LABELS[name] })))
    .onConflictDoNothing({ target: roles.name });
}
