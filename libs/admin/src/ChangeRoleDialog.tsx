import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, useApiClient } from '@crm/api-client';
import type { AdminUser, Role } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, Dialog, DialogClose, Spinner } from '@crm/ui';
import { useBrand } from '@crm/variant';
import { adminKeys, adminUserRolesQueryOptions } from './admin-queries';
import { fullName, roleLabel } from './labels';

export type ChangeRoleDialogProps = {
  /** The user whose role changes; the dialog is open while set. */
  user: AdminUser | null;
  onClose(): void;
  /** After a successful save, with the updated user. */
  onChanged?(user: AdminUser): void;
};

type RoleFormProps = {
  user: AdminUser;
  onClose(): void;
  onChanged?(user: AdminUser): void;
};

function RoleForm({ user, onClose, onChanged }: RoleFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const brand = useBrand();
  const roles = useQuery(adminUserRolesQueryOptions(client, user.id));
  const [chosen, setChosen] = useState<Role | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();
  const errorId = `${ids}-error`;
  const formId = `${ids}-form`;

  const save = useMutation({
    mutationFn: (role: Role) =>
      client.call('updateAdminUserRoles', { params: { id: user.id }, body: { roles: [role] } }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      onChanged?.(answer.data);
      onClose();
    },
    onError: (error) => {
      const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
      if (fields['roles']) setFieldError(fields['roles']);
      else setFormError(apiErrorMessage(error));
    },
  });

  if (roles.isPending) return <Spinner label="Loading the roles" />;
  if (roles.isError) return <FormError message={apiErrorMessage(roles.error)} />;

  const { assignable } = roles.data;
  const current = roles.data.roles[0] ?? user.account_type;
  const selected = chosen ?? (assignable.includes(current) ? current : null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (!selected) {
      setFieldError('Choose a role');
      return;
    }
    save.mutate(selected);
  };

  return (
    <form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {assignable.length === 0 ? (
        <p className="text-sm text-muted">You cannot give this user another role.</p>
      ) : (
        <fieldset
          aria-describedby={fieldError ? errorId : undefined}
          aria-invalid={fieldError ? true : undefined}
          className="flex flex-col gap-2"
        >
          <legend className="mb-1 text-sm font-medium text-text">Role</legend>
          {assignable.map((role) => (
            <label key={role} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="role"
                value={role}
                checked={selected === role}
                onChange={() => setChosen(role)}
                className="size-4 accent-primary"
              />
              {roleLabel(brand, role)}
            </label>
          ))}
        </fieldset>
      )}
      <p id={errorId} role="alert" className="text-sm font-medium text-danger">
        {fieldError}
      </p>
      <FormError message={formError} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
        <DialogClose>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={save.isPending} disabled={assignable.length === 0}>
          Save role
        </Button>
      </div>
    </form>
  );
}

/**
 * "Change role" for one user: only the roles the server says the caller may give in this brand
 * (`assignable`), named with the brand's role labels; saved with PATCH update_roles. The server's
 * message goes beside the field.
 */
export function ChangeRoleDialog({ user, onClose, onChanged }: ChangeRoleDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? `Change role for ${fullName(user)}` : 'Change role'}
      description={user?.email}
    >
      {user && <RoleForm key={user.id} user={user} onClose={onClose} onChanged={onChanged} />}
    </Dialog>
  );
}
