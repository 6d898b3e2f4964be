import { z } from 'zod';
import { planBody, PLAN_PERIODS, type Plan } from '@crm/contract';
import { amountToCents, stripAmount } from '@crm/util';
import { centsToDollars } from './money-field';

/**
 * The plan form as typed: the price in dollars (`29.00`, commas and spaces allowed) and the units
 * as text, checked and turned into the contract's body (cents, whole units). The fields keep the
 * body's names, so the server's messages land beside them too.
 */
export const planFormSchema = z.object({
  name: planBody.shape.name,
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  price_cents: z
    .string()
    .trim()
    .min(1, 'Price is required')
    .transform((value, ctx) => {
      const cents = amountToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'Price must be an amount such as 29.00' });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(planBody.shape.price_cents),
  period: z.enum(PLAN_PERIODS, { error: 'Period must be month or year' }),
  units_per_license: z
    .string()
    .trim()
    .min(1, 'Units per licence is required')
    .transform((value, ctx) => {
      const digits = stripAmount(value);
      if (!/^-?\d+$/.test(digits)) {
        ctx.addIssue({ code: 'custom', message: 'Units per licence must be a whole number' });
        return z.NEVER;
      }
      return Number(digits);
    })
    .pipe(planBody.shape.units_per_license),
  enterprise: z.boolean(),
  active: z.boolean(),
});
export type PlanFormInput = z.input<typeof planFormSchema>;
export type PlanFormOutput = z.output<typeof planFormSchema>;

/** The form's first values: empty for a new plan, the plan's own for an edit. */
export function planFormValues(plan: Plan | null): PlanFormInput {
  if (!plan) return { name: '', description: '', price_cents: '', period: 'month', units_per_license: '', enterprise: false, active: true };
  return {
    name: plan.name,
    description: plan.description ?? '',
    price_cents: centsToDollars(plan.price_cents),
    period: plan.period,
    units_per_license: String(plan.units_per_license),
    enterprise: plan.enterprise,
    active: plan.active,
  };
}

/** The request body of the form's values. */
export function planBodyOf(values: PlanFormOutput) {
  return { ...values, description: values.description || null };
}
