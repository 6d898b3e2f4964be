import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { updatePasswordBody, type CurrentUser } from '@crm/contract';
import { FormError, NewPasswordField, passwordContextOf, useApiForm, useSession, withPasswordRule } from '@crm/session';
import { Button, Checkbox, Field, Input, Notice } from '@crm/ui';
import { useBrand } from '@crm/variant';

type PasswordInput = z.input<typeof updatePasswordBody>;
type PasswordOutput = z.output<typeof updatePasswordBody>;

const empty: PasswordInput = { current_password: '', password: '', password_confirmation: '', keep_api_keys: false };

/** The choice the change offers: by default a new password revokes the account's API keys and API token. */
export const KEEP_API_KEYS_LABEL = 'Keep my API keys and API token working';
export const KEEP_API_KEYS_DESCRIPTION =
  'Left unticked, changing the password revokes every API key and your API token, so that programs using them stop working until you make new ones. Tick it only if you are sure no one else has them.';

export type PasswordFormProps = {
  user: CurrentUser;
};

/**
 * Change the password (PATCH /v1/users/{id}/update_password). The password rule's feedback shows
 * under the new password while it is typed, and the form refuses what the server would. Afterwards
 * the session is refetched, so a forced password change ('change_password?') no longer holds the
 * user on this tab. The change revokes the API keys and API token unless the user ticks "Keep my
 * API keys and API token working".
 */
export function PasswordForm({ user }: PasswordFormProps) {
  const client = useApiClient();
  const { setUser, invalidate } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const brand = useBrand();
  const context = useMemo(() => passwordContextOf(user, brand.name), [user, brand.name]);
  const schema = useMemo(() => withPasswordRule(updatePasswordBody, context), [context]);
  const {
    register,
    submit,
    watch,
    control,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<PasswordInput, PasswordOutput>({
    schema,
    defaultValues: empty,
    onSubmit: async (values, form) => {
      setNotice(null);
      const updated = await client.call('updatePassword', { params: { id: user.id }, body: values });
      form.reset(empty);
      setUser(updated);
      setNotice(
        values.keep_api_keys
          ? 'Your password has been changed. Your API keys and API token still work.'
          : 'Your password has been changed. Your API keys and API token were revoked.',
      );
      await invalidate();
    },
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-xl flex-col gap-4"
      aria-label="Change password"
    >
      {user['change_password?'] && (
        <p className="rounded border border-border bg-bg px-3 py-2 text-sm">
          Please choose a new password before you continue.
        </p>
      )}
      <Field label="Current password" error={errors.current_password?.message} required>
        <Input {...register('current_password')} type="password" autoComplete="current-password" />
      </Field>
      <NewPasswordField {...register('password')} error={errors.password?.message} password={watch('password')} context={context} />
      <Field label="Confirm new password" error={errors.password_confirmation?.message} required>
        <Input {...register('password_confirmation')} type="password" autoComplete="new-password" />
      </Field>
      <Controller
        control={control}
        name="keep_api_keys"
        render={({ field }) => (
          <Checkbox
            label={KEEP_API_KEYS_LABEL}
            description={KEEP_API_KEYS_DESCRIPTION}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <FormError message={formError} />
      <Notice message={notice} />
      <div>
        <Button type="submit" loading={isSubmitting}>
          Change password
        </Button>
      </div>
    </form>
  );
}
