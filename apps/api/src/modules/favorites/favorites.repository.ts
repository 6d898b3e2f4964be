import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { favoriteUsers, users } from '../../db/schema';

export type FavoriteRow = { id: number; firstName: string; lastName: string; email: string };

export function createFavoritesRepository(db: Database) {
  return {
    /** The user's favourites, by name. */
    async listForUser(userId: number): Promise<FavoriteRow[]> {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(favoriteUsers)
        .innerJoin(users, eq(users.id, favoriteUsers.favoriteId))
        .where(eq(favoriteUsers.userId, userId))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    },
    /** A user of the given company; another company's (or an unknown) id answers false. */
    async isColleague(companyId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.companyId, companyId)));
      return row !== undefined;
    },
    async add(userId: number, favoriteId: number): Promise<void> {
      await db.insert(favoriteUsers).values({ userId, favoriteId }).onConflictDoNothing();
    },
    async remove(userId: number, favoriteId: number): Promise<void> {
      await db.delete(favoriteUsers).where(and(eq(favoriteUsers.userId, userId), eq(favoriteUsers.favoriteId, favoriteId)));
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
