import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { endpoints, TAG_COLORS, type Tag } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Button, Field, Input, cn } from '@crm/ui';
import { TAG_COLOR_NAMES, tagTextColor } from '../filters/tag-color';

const tagForm = endpoints.createTag.body.pick({ name: true, color: true });
type TagInput = z.input<typeof tagForm>;
type TagOutput = z.output<typeof tagForm>;

export type NewTagFormProps = {
  /** The tag was created (POST /v1/tags). */
  onCreated: (tag: Tag) => void;
};

/** Creates a company tag inline (bulk tag dialog, contact tags dialog): a name and a colour from TAG_COLORS; errors show beside the fields. */
export function NewTagForm({ onCreated }: NewTagFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const id = useId();
  const {
    register,
    control,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<TagInput, TagOutput>({
    schema: tagForm,
    defaultValues: { name: '', color: TAG_COLORS[0] },
    onSubmit: async (values, form) => {
      const { data } = await client.call('createTag', { body: values });
      form.reset({ name: '', color: values.color });
      await queryClient.invalidateQueries({ queryKey: ['tags'] });
      onCreated(data);
    },
  });

  return (
    <form noValidate onSubmit={submit} aria-label="New tag" className="flex flex-col gap-2 rounded border border-border p-3">
      <h3 className="text-sm font-semibold">New tag</h3>
      <Field label="New tag name" error={errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" maxLength={50} />
      </Field>
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <fieldset aria-describedby={`${id}-color-error`}>
            <legend className="text-sm font-medium">Colour</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {TAG_COLORS.map((color) => (
                <label
                  key={color}
                  className={cn(
                    'relative inline-flex size-8 cursor-pointer items-center justify-center rounded-full border-2 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus',
                    field.value === color ? 'border-text' : 'border-transparent',
                  )}
                  style={{ backgroundColor: color, color: tagTextColor(color) }}
                >
                  <input
                    type="radio"
                    name={`${id}-color`}
                    value={color}
                    checked={field.value === color}
                    onChange={() => field.onChange(color)}
                    onBlur={field.onBlur}
                    className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
                  />
                  <span className="sr-only">{TAG_COLOR_NAMES[color]}</span>
                  {field.value === color && (
                    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4">
                      <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  )}
                </label>
              ))}
            </div>
            <p id={`${id}-color-error`} role="alert" className="text-sm font-medium text-danger">
              {errors.color?.message ?? null}
            </p>
          </fieldset>
        )}
      />
      <FormError message={formError} />
      <div>
        <Button type="submit" size="sm" variant="secondary" loading={isSubmitting}>
          Create tag
        </Button>
      </div>
    </form>
  );
}
