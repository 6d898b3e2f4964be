import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { apiErrorMessage } from '@crm/session';
import { Checkbox, cn, focusRing } from '@crm/ui';
import { ChoiceList, type Choice } from './ChoiceList';
import { favoritesKey, favoritesQueryOptions } from './filter-queries';

/** A user the owner filter offers. */
export type OwnerOption = { id: number; name: string };

export type OwnerFilterProps = {
  /** Users to offer besides the favourites: the signed-in user, owners seen on the list. */
  owners: readonly OwnerOption[];
  /** The signed-in user (who cannot be their own favourite). */
  meId: number | null;
  ownerIds: readonly number[];
  allDownline: boolean;
  onChange: (ownerIds: number[], allDownline: boolean) => void;
};

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4">
      <path
        d="M8 1.5l1.9 4 4.4.5-3.3 3 .9 4.4L8 11.2l-3.9 2.2.9-4.4-3.3-3 4.4-.5z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The owner filter of the filter panel (contacts_scope.owner_ids and all_downline). The user's
 * favourite users (GET /v1/favorite_lists) come first; a star beside each user adds or removes
 * them (POST /v1/favorite_lists, POST /v1/favorite_lists/delete) right away.
 */
export function OwnerFilter({ owners, meId, ownerIds, allDownline, onChange }: OwnerFilterProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [find, setFind] = useState('');
  const favorites = useQuery(favoritesQueryOptions(client));
  const toggleFavorite = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      client.call(on ? 'addFavorite' : 'removeFavorite', { body: { favorite_id: id } }),
    onSuccess: (answer) => queryClient.setQueryData(favoritesKey, answer),
  });

  const favoriteIds = new Set((favorites.data ?? []).map((user) => user.id));
  const seen = new Set<number>();
  const users: OwnerOption[] = [];
  for (const user of [...(favorites.data ?? []), ...owners]) {
    if (seen.has(user.id)) continue;
    seen.add(user.id);
    users.push({ id: user.id, name: user.id === meId ? `${user.name} (me)` : user.name });
  }
  for (const id of ownerIds) if (!seen.has(id)) users.push({ id, name: `User #${id}` });

  const words = find.trim().toLowerCase();
  const choices: Choice[] = users
    .filter((user) => !words || user.name.toLowerCase().includes(words))
    .map((user) => {
      const favorite = favoriteIds.has(user.id);
      return {
        value: String(user.id),
        label: user.name,
        action:
          user.id === meId ? undefined : (
            <button
              type="button"
              aria-pressed={favorite}
              aria-label={`Favourite ${user.name}`}
              title={favorite ? 'Remove from favourites' : 'Add to favourites'}
              disabled={toggleFavorite.isPending}
              onClick={() => toggleFavorite.mutate({ id: user.id, on: !favorite })}
              className={cn(
                'inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded hover:bg-text/5 disabled:cursor-wait',
                favorite ? 'text-primary' : 'text-muted',
                focusRing,
              )}
            >
              <StarIcon filled={favorite} />
            </button>
          ),
      };
    });

  return (
    <ChoiceList
      legend="Owners"
      choices={choices}
      selected={ownerIds.map(String)}
      onChange={(selected) => {
        const ids = selected.map(Number);
        onChange(ids, ids.length > 0 && allDownline);
      }}
      search={{ label: 'Find owners', value: find, onChange: setFind }}
      empty={words ? 'No user matches.' : 'No users to choose yet.'}
      loading={favorites.isPending}
      error={toggleFavorite.error ? apiErrorMessage(toggleFavorite.error) : favorites.error ? apiErrorMessage(favorites.error) : null}
    >
      <Checkbox
        label="Include their downline"
        checked={allDownline}
        disabled={ownerIds.length === 0}
        onCheckedChange={(checked) => onChange([...ownerIds], checked === true)}
      />
    </ChoiceList>
  );
}
