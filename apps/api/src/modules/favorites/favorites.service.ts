import { CANNOT_FAVORITE_SELF, type FavoriteUser } from '@crm/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import { fullName } from '../users/current-user';
import type { UserRow } from '../users/users.repository';
import type { FavoriteRow, FavoritesRepository } from './favorites.repository';

export const toFavoriteUser = (row: FavoriteRow): FavoriteUser => ({ id: row.id, name: fullName(row), email: row.email });

/** A user's favourite colleagues (same company only); adding and removing are idempotent. */
export function createFavoritesService(repo: FavoritesRepository) {
  const list = async (userId: number) => (await repo.listForUser(userId)).map(toFavoriteUser);
  return {
    list,

    async add(user: UserRow, favoriteId: number) {
      if (favoriteId === user.id) throw unprocessable({ favorite_id: CANNOT_FAVORITE_SELF });
      if (!(await repo.isColleague(user.companyId, favoriteId))) throw notFound('User');
      await repo.add(user.id, favoriteId);
      return list(user.id);
    },

    async remove(user: UserRow, favoriteId: number) {
      await repo.remove(user.id, favoriteId);
      return list(user.id);
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
