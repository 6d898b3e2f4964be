import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** A favourite user: a colleague of the same company the signed-in user marked (spec part 1 §7). */
export const favoriteUser = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type FavoriteUser = z.infer<typeof favoriteUser>;

export const favoriteBody = z.object({
  favorite_id: z
    .number({ error: 'Choose a user' })
    .int('Choose a user')
    .positive('Choose a user')
    .max(2_147_483_647, 'Choose a user'),
});

export const CANNOT_FAVORITE_SELF = 'You cannot add yourself';

const list = z.object({ data: z.array(favoriteUser) });

export const listFavorites = defineEndpoint({
  scope: 'favorites:read',
  method: 'GET',
  path: '/v1/favorite_lists',
  summary: "The signed-in user's favourite users",
  tag: 'favorites',
  access: 'user',
  gate: 'enforced',
  response: list,
});

export const addFavorite = defineEndpoint({
  scope: 'favorites:write',
  method: 'POST',
  path: '/v1/favorite_lists',
  summary: 'Add a user of the same company to the favourites (adding twice changes nothing); answers the list',
  tag: 'favorites',
  access: 'user',
  gate: 'enforced',
  body: favoriteBody,
  response: list,
});

export const removeFavorite = defineEndpoint({
  scope: 'favorites:write',
  method: 'POST',
  path: '/v1/favorite_lists/delete',
  summary: 'Remove a user from the favourites (removing one that is not there changes nothing); answers the list',
  tag: 'favorites',
  access: 'user',
  gate: 'enforced',
  body: favoriteBody,
  response: list,
});
