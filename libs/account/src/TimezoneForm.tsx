import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { TIMEZONE_LABELS, TIMEZONES, updateTimezone, type CurrentUser } from '@crm/contract';
import { FormError, useApiForm, useSession } from '@crm/session';
import { Button, Field, Notice, Select } from '@crm/ui';

const timezoneOptions = TIMEZONES.map((value) => ({ value, label: TIMEZONE_LABELS[value] }));

const schema = updateTimezone.body;
type TimezoneInput = z.input<typeof schema>;
type TimezoneOutput = z.output<typeof schema>;

export type TimezoneFormProps = {
  user: CurrentUser;
};

/** The time zone dates and times are shown in (PATCH /v1/users/update_timezone). */
export function TimezoneForm({ user }: TimezoneFormProps) {
  const client = useApiClient();
  const { setUser, invalidate } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    formState: { isSubmitting },
  } = useApiForm<TimezoneInput, TimezoneOutput>({
    schema,
    defaultValues: { timezone: user.timezone },
    onSubmit: async (values) => {
      setNotice(null);
      const updated = await client.call('updateTimezone', { body: values });
      setUser(updated);
      setNotice(`Times are now shown in ${TIMEZONE_LABELS[updated.timezone]} time.`);
      await invalidate();
    },
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-xl flex-col gap-4"
      aria-label="Time zone"
    >
      <Controller
        control={control}
        name="timezone"
        render={({ field, fieldState }) => (
          <Field label="Time zone" error={fieldState.error?.message}>
            <Select
              options={timezoneOptions}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          </Field>
        )}
      />
      <FormError message={formError} />
      <Notice message={notice} />
      <div>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Save time zone
        </Button>
      </div>
    </form>
  );
}
