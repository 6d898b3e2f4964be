// Loaded on demand by useApiForm: zod and its react-hook-form resolver, apart from the page's code,
// so that a page whose forms take their schema lazily (the sign-in pages) starts without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

export type FormValidation<Input extends FieldValues, Output extends FieldValues> = {
  resolver: Resolver<Input, unknown, Output>;
};

/** The schema's keys when it is an object (also with refinements); none otherwise. */
export function schemaKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape as Record<string, unknown>) : [];
}

export function formValidation<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): FormValidation<Input, Output> {
  return { resolver: zodResolver(schema) as Resolver<Input, unknown, Output> };
}
