import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import {
  API_SCOPES,
  createApiKey,
  DEFAULT_KEY_EXPIRY,
  IANA_TIMEZONES,
  KEY_EXPIRIES,
  type ApiKey,
  type ApiScope,
  type CurrentUser,
} from '@crm/contract';
import { apiErrorMessage, FormError, useApiForm, useSession } from '@crm/session';
import {
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogClose,
  EmptyState,
  Field,
  Input,
  Notice,
  Spinner,
  Table,
  type TableColumn,
} from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { accountKeys, apiKeysQueryOptions } from './api-keys-queries';

const nameSchema = createApiKey.body.pick({ name: true });
type NameInput = z.input<typeof nameSchema>;
type NameOutput = z.output<typeof nameSchema>;

const createSchema = createApiKey.body;
type CreateInput = z.input<typeof createSchema>;
type CreateOutput = z.output<typeof createSchema>;

const SCOPE_LABELS: Record<string, string> = Object.fromEntries(API_SCOPES.map((s) => [s.scope, s.label]));

/** The scopes a user may give a key, by group (admin scopes only for admins). */
function scopeGroups(admin: boolean): [string, (typeof API_SCOPES)[number][]][] {
  const groups = new Map<string, (typeof API_SCOPES)[number][]>();
  for (const entry of API_SCOPES) {
    if ('admin' in entry && entry.admin && !admin) continue;
    groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  }
  return [...groups];
}

export const NEVER_EXPIRES_WARNING =
  'A key that never expires works until you switch it off or delete it. If it leaks, it can be used for years: prefer an expiry.';

type CreateKeyFormProps = { admin: boolean; onSubmit(values: CreateOutput): Promise<void> };

/** A new key: name, the scopes it may use (grouped checkboxes), and when it expires (a year unless chosen). */
function CreateKeyForm({ admin, onSubmit }: CreateKeyFormProps) {
  const warningId = useId();
  const scopesErrorId = useId();
  const {
    register,
    control,
    submit,
    watch,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<CreateInput, CreateOutput>({
    schema: createSchema,
    defaultValues: { name: '', scopes: [], expires_in: DEFAULT_KEY_EXPIRY },
    onSubmit: async (values, form) => {
      await onSubmit(values);
      form.reset({ name: '', scopes: [], expires_in: DEFAULT_KEY_EXPIRY });
    },
  });
  const never = watch('expires_in') === 'never';
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Create key">
      <Field label="Name of the new key" error={errors.name?.message} required className="max-w-md">
        <Input {...register('name')} autoComplete="off" />
      </Field>
      <Controller
        control={control}
        name="scopes"
        render={({ field }) => {
          const chosen = new Set<ApiScope>(field.value ?? []);
          const toggle = (scope: ApiScope, on: boolean) => {
            const next = new Set(chosen);
            if (on) next.add(scope);
            else next.delete(scope);
            field.onChange(API_SCOPES.map((s) => s.scope).filter((s) => next.has(s)));
          };
          return (
            <fieldset
              className="flex flex-col gap-3"
              aria-describedby={scopesError ? scopesErrorId : undefined}
              aria-invalid={scopesError ? true : undefined}
            >
              <legend className="mb-1 text-sm font-medium text-text">What the key may do</legend>
              {scopeGroups(admin).map(([group, entries]) => (
                <fieldset key={group} className="flex flex-col gap-1.5">
                  <legend className="text-sm font-semibold text-muted">{group}</legend>
                  {entries.map((entry) => (
                    <Checkbox
                      key={entry.scope}
                      label={entry.label}
                      description={<code className="font-mono text-xs">{entry.scope}</code>}
                      checked={chosen.has(entry.scope)}
                      onCheckedChange={(checked) => toggle(entry.scope, checked === true)}
                      onBlur={field.onBlur}
                    />
                  ))}
                </fieldset>
              ))}
              <p id={scopesErrorId} role="alert" className="text-sm font-medium text-danger">
                {scopesError}
              </p>
            </fieldset>
          );
        }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text">Expires</legend>
        <div className="flex flex-wrap gap-4">
          {KEY_EXPIRIES.map((expiry) => (
            <label key={expiry.value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                value={expiry.value}
                {...register('expires_in')}
                aria-describedby={expiry.value === 'never' && never ? warningId : undefined}
                className="size-4 accent-primary"
              />
              {expiry.days === null ? expiry.label : `In ${expiry.label}`}
            </label>
          ))}
        </div>
        {never && (
          <p id={warningId} className="rounded border border-danger px-3 py-2 text-sm text-danger">
            {NEVER_EXPIRES_WARNING}
          </p>
        )}
      </fieldset>
      <FormError message={formError} />
      <div>
        <Button type="submit" loading={isSubmitting}>
          Create key
        </Button>
      </div>
    </form>
  );
}

/** After any change: the list, and the session (the current user carries its api_keys). */
function useRefreshKeys(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { invalidate } = useSession();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.apiKeys() }),
      invalidate(),
    ]);
  };
}

type NameFormProps = {
  label: string;
  submitLabel: string;
  defaultName?: string;
  onSubmit(name: string): Promise<void>;
  onCancel?(): void;
};

/** A key's name (create and rename share it); the server's message goes beside the field. */
function NameForm({ label, submitLabel, defaultName = '', onSubmit, onCancel }: NameFormProps) {
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<NameInput, NameOutput>({
    schema: nameSchema,
    defaultValues: { name: defaultName },
    onSubmit: async (values, form) => {
      await onSubmit(values.name);
      form.reset({ name: onCancel ? values.name : '' });
    },
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2" aria-label={submitLabel}>
      <div className="flex flex-wrap items-end gap-2">
        <Field label={label} error={errors.name?.message} required className="min-w-48 flex-1">
          <Input {...register('name')} autoComplete="off" />
        </Field>
        <div className="flex gap-2 pb-0.5">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
        </div>
      </div>
      <FormError message={formError} />
    </form>
  );
}

function NewKey({ name, value, onDone }: { name: string; value: string; onDone(): void }) {
  const [copyState, setCopyState] = useState<string | null>(null);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopyState('Copied to the clipboard.');
    } catch {
      setCopyState('Could not copy: select the key and copy it yourself.');
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded border border-primary p-4">
      <p className="text-sm font-medium">
        Your new key “{name}”. Copy it now: it will not be shown again.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Field label="New API key" className="min-w-64 flex-1">
          <Input
            value={value}
            readOnly
            spellCheck={false}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
        </Field>
        <div className="flex gap-2 pb-0.5">
          <Button type="button" onClick={handleCopy}>
            Copy
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
      <Notice message={copyState} />
    </div>
  );
}

export type ApiKeysPanelProps = {
  user: CurrentUser;
};

/**
 * API keys: the list (scopes, expiry, last use); create with scopes and an expiry (the key is
 * shown once, with a copy button; creating needs a recent re-authentication, which the app's
 * re-authentication dialog asks for); rename; switch on or off; delete after a confirmation dialog.
 */
export function ApiKeysPanel({ user }: ApiKeysPanelProps) {
  const client = useApiClient();
  const refresh = useRefreshKeys();
  const keys = useQuery(apiKeysQueryOptions(client));
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const zone = IANA_TIMEZONES[user.timezone];

  const toggle = useMutation({
    mutationFn: (key: ApiKey) =>
      client.call('updateApiKey', { params: { id: key.id }, body: { active: !key.active } }),
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: (failure) => setError(apiErrorMessage(failure)),
  });

  const remove = useMutation({
    mutationFn: (key: ApiKey) => client.call('deleteApiKey', { params: { id: key.id } }),
    onMutate: () => setDeleteError(null),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
    onError: (failure) => setDeleteError(apiErrorMessage(failure)),
  });

  const handleCreate = async (values: CreateOutput) => {
    const answer = await client.call('createApiKey', { body: values });
    setCreated({ name: answer.data.name, key: answer.key });
    await refresh();
  };

  const handleRename = (key: ApiKey) => async (name: string) => {
    await client.call('updateApiKey', { params: { id: key.id }, body: { name } });
    setRenaming(null);
    await refresh();
  };

  const columns: TableColumn<ApiKey>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (key) =>
        renaming === key.id ? (
          <NameForm
            label={`New name for ${key.name}`}
            submitLabel="Save name"
            defaultName={key.name}
            onSubmit={handleRename(key)}
            onCancel={() => setRenaming(null)}
          />
        ) : (
          key.name
        ),
    },
    {
      id: 'prefix',
      header: 'Key',
      cell: (key) => <code className="font-mono">{key.prefix}…</code>,
    },
    {
      id: 'scopes',
      header: 'Scopes',
      cell: (key) => (
        <ul className="flex flex-col">
          {key.scopes.map((scope) => (
            <li key={scope}>
              <code className="font-mono text-xs" title={SCOPE_LABELS[scope]}>
                {scope}
              </code>
            </li>
          ))}
        </ul>
      ),
    },
    { id: 'status', header: 'Status', cell: (key) => (key.active ? 'On' : 'Off') },
    {
      id: 'expires',
      header: 'Expires',
      cell: (key) =>
        key.expires_at === null
          ? 'Never'
          : Date.parse(key.expires_at) <= Date.now()
            ? `Expired ${formatDateTime(key.expires_at, zone)}`
            : formatDateTime(key.expires_at, zone),
    },
    {
      id: 'last_used',
      header: 'Last used',
      cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at, zone) : 'Never'),
    },
    { id: 'created', header: 'Created', cell: (key) => formatDateTime(key.created_at, zone) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (key) => (
        <div className="flex flex-wrap justify-end gap-1">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRenaming(key.id)}
            aria-label={`Rename ${key.name}`}
          >
            Rename
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={toggle.isPending && toggle.variables?.id === key.id}
            onClick={() => toggle.mutate(key)}
            aria-label={`${key.active ? 'Switch off' : 'Switch on'} ${key.name}`}
          >
            {key.active ? 'Switch off' : 'Switch on'}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              setDeleteError(null);
              setDeleting(key);
            }}
            aria-label={`Delete ${key.name}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <Card
        title="API keys"
        description="Programs use API keys to reach the API for you. Give each key only the scopes it needs: no key can change your e-mail, password, two-factor or keys. Keep them secret."
      >
        <div className="flex flex-col gap-4">
          <CreateKeyForm admin={user.admin} onSubmit={handleCreate} />
          {created && (
            <NewKey name={created.name} value={created.key} onDone={() => setCreated(null)} />
          )}
          <FormError message={error} />
          {keys.isPending ? (
            <Spinner label="Loading API keys" />
          ) : keys.isError ? (
            <FormError message={apiErrorMessage(keys.error)} />
          ) : (
            <Table
              caption="Your API keys"
              captionHidden
              columns={columns}
              rows={keys.data}
              getRowKey={(key) => key.id}
              empty={<EmptyState title="No API keys yet" description="Create one above." />}
            />
          )}
        </div>
      </Card>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete API key"
        description={
          deleting
            ? `Delete the key “${deleting.name}”? Programs that use it will stop working.`
            : undefined
        }
        size="sm"
        footer={
          <>
            <DialogClose>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              Delete key
            </Button>
          </>
        }
      >
        <FormError message={deleteError} />
      </Dialog>
    </div>
  );
}
