import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { FONT_SIZES, updateThemeBody, type CurrentUser } from '@crm/contract';
import { FormError, useApiForm, useSession } from '@crm/session';
import { Button, Field, Input, Notice, Select } from '@crm/ui';
import {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  useBrand,
  type BrandConfig,
  type FontSize,
} from '@crm/variant';

type ThemeInput = z.input<typeof updateThemeBody>;
type ThemeOutput = z.output<typeof updateThemeBody>;
type ColorField = 'primary_color' | 'background';

const FONT_SIZE_LABELS: Record<FontSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
};
const BRAND_DEFAULT = 'brand_default';
const fontSizeOptions = [
  { value: BRAND_DEFAULT, label: 'Brand default' },
  ...FONT_SIZES.map((value) => ({ value, label: FONT_SIZE_LABELS[value] })),
];

function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * The contract's theme body plus WCAG AA: the primary colour against the text drawn on it (the
 * brand's primary-contrast colour) and against the background (links); the background against
 * the brand's text and muted text colours. Empty values mean the brand's default.
 */
export function themeSchema(brand: Pick<BrandConfig, 'colors'>) {
  return updateThemeBody.superRefine((values, ctx) => {
    const primary = values.primary_color ?? brand.colors.primary;
    const background = values.background ?? brand.colors.background;
    const check = (field: ColorField, fg: string, bg: string, what: string) => {
      const ratio = contrastRatio(fg, bg);
      if (ratio < MIN_TEXT_CONTRAST) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${what} has contrast ${ratioText(ratio)}, below ${MIN_TEXT_CONTRAST}:1. Choose a colour with more contrast.`,
        });
      }
    };
    if (values.background) {
      check('background', brand.colors.text, background, 'Text on this background');
      check('background', brand.colors.muted, background, 'Secondary text on this background');
    }
    if (values.primary_color) {
      check('primary_color', brand.colors.primaryContrast, primary, 'Button text on this colour');
      check('primary_color', primary, background, 'This colour as text on the background');
    }
  });
}

function formValues(user: CurrentUser): ThemeInput {
  return {
    primary_color: user.profile.primary_color,
    background: user.profile.background,
    font_size: user.profile.font_size,
  };
}

type ColorInputProps = {
  field: ColorField;
  label: string;
  value: string | null | undefined;
  brandDefault: string;
  /** The text colour drawn on this colour, shown beside the field. */
  textColor: string;
  error?: string;
  onChange(value: string | null): void;
};

function ColorInput({
  field,
  label,
  value,
  brandDefault,
  textColor,
  error,
  onChange,
}: ColorInputProps) {
  const shown = value ?? brandDefault;
  const ratio = contrastRatio(textColor, shown);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field
        label={label}
        error={error}
        description={value ? `Contrast with its text: ${ratioText(ratio)}` : 'Brand default'}
        className="min-w-56"
      >
        <Input
          type="color"
          name={field}
          value={shown}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          className="h-10 w-24 cursor-pointer p-1"
        />
      </Field>
      <span
        aria-hidden="true"
        className="mb-6 inline-flex h-10 items-center rounded border border-border px-3 text-sm font-medium"
        style={{ backgroundColor: shown, color: textColor }}
      >
        Sample text
      </span>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mb-6"
        disabled={!value}
        onClick={() => onChange(null)}
        aria-label={`Use brand default for ${label.toLowerCase()}`}
      >
        Use brand default
      </Button>
    </div>
  );
}

export type ThemeFormProps = {
  user: CurrentUser;
};

/**
 * The user's own theme over the brand's: primary colour, background and font size
 * (PATCH /v1/users/update_theme). Colours that would make text hard to read are refused.
 */
export function ThemeForm({ user }: ThemeFormProps) {
  const client = useApiClient();
  const brand = useBrand();
  const { setUser, invalidate } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    setValue,
    formState: { errors, isSubmitting },
  } = useApiForm<ThemeInput, ThemeOutput>({
    // Its keys are the fields a 422 may name: primary_color, background, font_size.
    schema: themeSchema(brand),
    defaultValues: formValues(user),
    onSubmit: async (values, form) => {
      setNotice(null);
      const updated = await client.call('updateTheme', {
        body: {
          primary_color: values.primary_color ?? null,
          background: values.background ?? null,
          font_size: values.font_size ?? null,
        },
      });
      setUser(updated);
      form.reset(formValues(updated));
      setNotice('Your theme has been saved.');
      await invalidate();
    },
  });

  const setColor = (name: ColorField) => (value: string | null) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: true });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4" aria-label="Theme">
      <Controller
        control={control}
        name="primary_color"
        render={({ field }) => (
          <ColorInput
            field="primary_color"
            label="Primary colour"
            value={field.value}
            brandDefault={brand.colors.primary}
            textColor={brand.colors.primaryContrast}
            error={errors.primary_color?.message}
            onChange={setColor('primary_color')}
          />
        )}
      />
      <Controller
        control={control}
        name="background"
        render={({ field }) => (
          <ColorInput
            field="background"
            label="Background"
            value={field.value}
            brandDefault={brand.colors.background}
            textColor={brand.colors.text}
            error={errors.background?.message}
            onChange={setColor('background')}
          />
        )}
      />
      <Controller
        control={control}
        name="font_size"
        render={({ field, fieldState }) => (
          <Field label="Font size" error={fieldState.error?.message}>
            <Select
              options={fontSizeOptions}
              value={field.value ?? BRAND_DEFAULT}
              onValueChange={(value) =>
                field.onChange(value === BRAND_DEFAULT ? null : (value as FontSize))
              }
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
        <Button type="submit" loading={isSubmitting}>
          Save theme
        </Button>
      </div>
    </form>
  );
}
