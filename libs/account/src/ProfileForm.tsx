import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { updateProfileBody, type CurrentUser } from '@crm/contract';
import { FormError, useApiForm, useSession } from '@crm/session';
import { Button, Field, Input, Notice, Select, Textarea } from '@crm/ui';
import { useBrand } from '@crm/variant';
import { PendingEmailChange } from './PendingEmailChange';
import { securityKeys } from './security-queries';

type ProfileInput = z.input<typeof updateProfileBody>;
type ProfileOutput = z.output<typeof updateProfileBody>;

export type ProfileFormProps = {
  user: CurrentUser;
};

function formValues(user: CurrentUser): ProfileInput {
  return {
    first_name: user.profile.first_name,
    last_name: user.profile.last_name,
    email: user.email,
    about_me: user.profile.about_me ?? '',
    // Left out of the body until the user has a title or chooses one.
    title: user.profile.title ?? undefined,
  };
}

/**
 * Name, e-mail, agent title (exactly the brand's agent titles) and about text
 * (PATCH /v1/users/update_profile). A new e-mail address waits for the link sent to it: the form
 * says so and shows the pending change (PendingEmailChange) until it is confirmed or cancelled.
 */
export function ProfileForm({ user }: ProfileFormProps) {
  const client = useApiClient();
  const { agentTitles } = useBrand();
  const { setUser, invalidate } = useSession();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    control,
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<ProfileInput, ProfileOutput>({
    // Its keys are the fields a 422 may name: first_name, last_name, email, about_me, title.
    schema: updateProfileBody,
    defaultValues: formValues(user),
    onSubmit: async (values, form) => {
      setNotice(null);
      const updated = await client.call('updateProfile', { body: values });
      setUser(updated);
      form.reset(formValues(updated));
      const asked = values.email.toLowerCase() !== updated.email.toLowerCase();
      setNotice(
        asked
          ? `Your profile has been saved. We sent a link to ${values.email}: your e-mail address changes when you open it. Until then you keep signing in with ${updated.email}.`
          : 'Your profile has been saved.',
      );
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: securityKeys.emailChange() })]);
    },
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-xl flex-col gap-4"
      aria-label="Profile"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.first_name?.message} required>
          <Input {...register('first_name')} autoComplete="given-name" />
        </Field>
        <Field label="Last name" error={errors.last_name?.message} required>
          <Input {...register('last_name')} autoComplete="family-name" />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message} required>
        <Input {...register('email')} type="email" autoComplete="email" spellCheck={false} />
      </Field>
      <PendingEmailChange user={user} />
      <Controller
        control={control}
        name="title"
        render={({ field, fieldState }) => (
          <Field label="Title" error={fieldState.error?.message}>
            <Select
              options={agentTitles}
              value={field.value ?? undefined}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              placeholder="Choose a title"
            />
          </Field>
        )}
      />
      <Field label="About me" error={errors.about_me?.message}>
        <Textarea {...register('about_me')} rows={5} />
      </Field>
      <FormError message={formError} />
      <Notice message={notice} />
      <div>
        <Button type="submit" loading={isSubmitting}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
