import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { Field, Input, Select, useDebouncedValue } from '@crm/ui';
import { adminUsersQueryOptions } from '../admin-queries';
import { fullName } from '../labels';

export type UserPickerProps = {
  /** The chosen user's id as text ('' for none). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
};

/** Choose one of the company's users: a search field narrows the choice (GET /v1/admin/users, the first 25 matches). */
export function UserPicker({ value, onChange, error, label = 'User' }: UserPickerProps) {
  const client = useApiClient();
  const [find, setFind] = useState('');
  const q = useDebouncedValue(find.trim());
  const users = useQuery(adminUsersQueryOptions(client, { q: q || undefined, page: 1, limit: 25 }));
  const options = (users.data?.data ?? []).map((user) => ({ value: String(user.id), label: `${fullName(user)} (${user.email})` }));
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  // the chosen user stays a choice when a later search does not find them
  const withChosen = chosen && chosen.value === value && !options.some((o) => o.value === value) ? [chosen, ...options] : options;
  return (
    <div className="flex flex-col gap-2">
      <Field label="Find a user" description="Name or e-mail">
        <Input type="search" value={find} onChange={(event) => setFind(event.target.value)} autoComplete="off" />
      </Field>
      <Field label={label} error={error} required>
        <Select
          options={withChosen}
          value={value}
          placeholder={users.isPending ? 'Loading users…' : withChosen.length ? 'Choose a user' : 'No users match'}
          onValueChange={(next) => {
            setChosen(withChosen.find((o) => o.value === next) ?? null);
            onChange(next);
          }}
        />
      </Field>
    </div>
  );
}
