import { useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { applyApiErrors } from './api-errors';

/** What onSubmit gets besides the values: the form, and the form-level message (for an answer that is a refusal). */
export type ApiFormHelpers<Input extends FieldValues, Output extends FieldValues> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  setFormError: (message: string | null) => void;
};

export type ApiFormOptions<Input extends FieldValues, Output extends FieldValues> = {
  /** The contract's body schema (or a form schema); it validates before anything is sent. */
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** Sends the values; a thrown API error is shown beside the fields it names. */
  onSubmit: (values: Output, form: ApiFormHelpers<Input, Output>) => Promise<unknown>;
  /**
   * Fields whose server messages (422) go beside them; any other message shows as the form's error.
   * Defaults to the schema's keys when the schema is an object (also with refinements); a schema
   * with a transform is not an object, so pass the fields. A function gets the current values
   * when the request fails (fields of list entries, such as `phones.0.number`).
   */
  fields?: readonly Path<Input>[] | ((values: Input) => readonly Path<Input>[]);
  /** Form-level message when the error carries none. */
  fallback?: string;
};

export type ApiForm<Input extends FieldValues, Output extends FieldValues> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  /** The message to show beside the form (FormError), or null. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** The form's onSubmit: validates, sends, and places server errors. What the user typed stays on failure. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
};

function schemaKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape as Record<string, unknown>) : [];
}

/**
 * The one submit pattern of the app's forms: react-hook-form with the zod schema, the request, and
 * the server's per-field messages placed beside their fields (applyApiErrors). The form-level
 * message clears when a valid submit starts.
 */
export function useApiForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  fields,
  fallback,
}: ApiFormOptions<Input, Output>): ApiForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const knownFields = (): readonly Path<Input>[] =>
    typeof fields === 'function'
      ? fields(form.getValues())
      : (fields ?? (schemaKeys(schema) as Path<Input>[]));
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values, { ...form, setFormError });
    } catch (error) {
      setFormError(applyApiErrors(error, form.setError, knownFields(), fallback));
    }
  });
  return { ...form, formError, setFormError, submit };
}
