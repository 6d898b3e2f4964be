import pg from 'pg';

/**
 * A stalled database, as far as the contact tables go: another connection holds an exclusive lock
 * on `contacts` until `release()` (its transaction rolled back), so statements on it wait.
 */
export async function lockContacts(databaseUrl: string | undefined): Promise<{ release: () => Promise<void> }> {
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  await locker.query('begin; lock table contacts in access exclusive mode');
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await locker.query('rollback');
      await locker.end();
    },
  };
}
