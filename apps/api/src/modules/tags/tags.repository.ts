import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contacts, contactTags, tags } from '../../db/schema';
import type { Reach } from '../contacts/contact-reach';
import { scopeCondition, type ScopeQuery } from '../contacts/contacts-scope.repository';

export type TagRecord = { id: number; name: string; color: string };

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const selection = { id: tags.id, name: tags.name, color: tags.color };

export function createTagsRepository(db: Database) {
  return {
    /** The company's tags whose name contains `q` (all when empty), by name. */
    async search(companyId: number, q: string, limit: number): Promise<TagRecord[]> {
      return db
        .select(selection)
        .from(tags)
        .where(and(eq(tags.companyId, companyId), q ? sql`${tags.name} ilike ${`%${likeEscape(q)}%`}` : undefined))
        .orderBy(asc(tags.name), asc(tags.id))
        .limit(limit);
    },

    /** For each of these tags, how many contacts of the scope (within the reach) carry it; tags no such contact carries are left out. */
    async countContacts(tagIds: number[], reach: Reach, query: ScopeQuery): Promise<Map<number, number>> {
      if (!tagIds.length) return new Map();
      const rows = await db
        .select({ tagId: contactTags.tagId, n: count() })
        .from(contactTags)
        .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
        .where(and(inArray(contactTags.tagId, tagIds), scopeCondition(reach, query)))
        .groupBy(contactTags.tagId);
      return new Map(rows.map((r) => [r.tagId, r.n]));
    },

    /**
     * Creates a tag and puts it on the contacts, in one transaction. Undefined when the company
     * already has a tag of this name (names are citext: case does not count).
     */
    async insert(companyId: number, values: { name: string; color: string }, contactIds: number[]): Promise<TagRecord | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(tags)
          .values({ companyId, ...values })
          .onConflictDoNothing()
          .returning(selection);
        if (!row) return undefined;
        if (contactIds.length) await tx.insert(contactTags).values(contactIds.map((contactId) => ({ contactId, tagId: row.id })));
        return row;
      });
    },
  };
}

export type TagsRepository = ReturnType<typeof createTagsRepository>;
