import type { Core } from '../../core';
import { createFavoritesRepository } from './favorites.repository';
import { createFavoritesService } from './favorites.service';

/** The colleagues a user marked as favourites. */
export function createFavoritesModule({ db }: Core) {
  return { favorites: createFavoritesService(createFavoritesRepository(db)) };
}
