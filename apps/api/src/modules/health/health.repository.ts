import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

export async function pingDatabase(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select 1 as ok`);
  return result.rows.length === 1;
}
