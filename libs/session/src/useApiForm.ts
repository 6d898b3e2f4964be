import { useEffect, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessage, applyApiErrors } from './api-errors';
import type { FormValidation } from './form-validation';

/** What onSubmit gets besides the values: the form, and the form-level message (for an answer that is a refusal). */
export type ApiFormHelpers<Input extends FieldValues, Output extends FieldValues> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  setFormError: (message: string | null) => void;
};

export type ApiFormOptions<Input extends FieldValues, Output extends FieldValues> = {
  /**
   * The contract's body schema (or a form schema); it validates before anything is sent. A page
   * that should start without zod (the sign-in pages) passes a function that imports the schema:
   * it is fetched when the form mounts and validates from the first submit on.
   */
  schema: z.ZodType<Output, Input> | (() => Promise<z.ZodType<Output, Input>>);
  defaultValues: DefaultValues<Input>;
  /** Sends the values; a thrown API error is shown beside the fields it names. */
  onSubmit: (values: Output, form: ApiFormHelpers<Input, Output>) => Promise<unknown>;
  /**
   * Fields whose server messages (422) go beside them; any other message shows as the form's error.
   * Defaults to the schema's keys when the schema is an object (also with refinements); a schema
   * with a transform is not an object, and a lazy schema's keys are not known: pass the fields. A function gets the current values
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

/** zod and the resolver, loaded once for every form (form-validation.ts). */
let validationModule: Promise<typeof import('./form-validation')> | null = null;
let loadedValidation: typeof import('./form-validation') | null = null;
function loadValidationModule(): Promise<typeof import('./form-validation')> {
  validationModule ??= import('./form-validation').then(
    (module) => (loadedValidation = module),
    (error: unknown) => {
      validationModule = null; // the next attempt fetches again
      throw error;
    },
  );
  return validationModule;
}

/**
 * The one submit pattern of the app's forms: react-hook-form with the zod schema, the request, and
 * the server's per-field messages placed beside their fields (applyApiErrors). The form-level
 * message clears when a valid submit starts. zod's resolver (and a lazy schema) load when the form
 * mounts, apart from the page's code; a submit before they arrive waits for them, and when they
 * cannot be fetched the form says so and sends nothing (the next submit tries again).
 */
export function useApiForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  fields,
  fallback,
}: ApiFormOptions<Input, Output>): ApiForm<Input, Output> {
  const [formError, setFormError] = useState<string | null>(null);
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let validation: FormValidation<Input, Output>;
    try {
      // A lazy schema's import() is fetched once; later calls answer from the module cache.
      const [module, loaded] = await Promise.all([loadValidationModule(), typeof schema === 'function' ? schema() : schema]);
      validation = module.formValidation(loaded);
    } catch (error) {
      // The validation could not be fetched: nothing is sent, the form says why.
      setFormError(apiErrorMessage(error));
      const errors = { root: { type: 'unavailable', message: apiErrorMessage(error) } } as FieldErrors<Input>;
      return { values: {}, errors };
    }
    return validation.resolver(values, context, options);
  };
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues });
  // Fetch the validation while the user types, so the first submit does not wait for it.
  useEffect(() => {
    loadValidationModule().catch(() => undefined);
    if (typeof schema === 'function') schema().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form
  }, []);
  const knownFields = (): readonly Path<Input>[] =>
    typeof fields === 'function'
      ? fields(form.getValues())
      : (fields ?? (typeof schema === 'function' ? [] : (loadedValidation?.schemaKeys(schema) ?? [])) as Path<Input>[]);
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
