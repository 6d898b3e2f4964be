import { z } from 'zod';
import { amountToCents } from '@crm/util';

/** Whole cents of an amount typed in dollars (`29.00`, commas and spaces allowed), or the field's message. */
function toCents(label: string) {
  return (value: string, ctx: z.RefinementCtx): number => {
    const cents = amountToCents(value);
    if (cents === null || cents < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount such as 29.00` });
      return z.NEVER;
    }
    return cents;
  };
}

/** An optional amount in dollars as cents: undefined when left empty. */
export const optionalDollars = (label: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => (value ? toCents(label)(value, ctx) : undefined));

/** A required amount in dollars as cents, more than zero. */
export const requiredDollars = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .transform(toCents(label))
    .pipe(z.number().positive(`${label} must be more than zero`));

/** Cents as the form shows them: `1900` → `19.00`. */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);
