import { z } from 'zod';
import { isCardExpired, parseCardExpiry } from '@crm/util';

export const CARD_NUMBER_MESSAGE = 'Enter your card number';
export const CARD_EXPIRY_MESSAGE = 'Enter the expiry as MM/YY, with a month from 01 to 12';
export const CARD_EXPIRED_MESSAGE = 'This card has expired';
export const CARD_CVC_MESSAGE = 'Enter the 3 or 4 digit security code';

/**
 * The card form (spec part 2 §5, with libs/util's card rules): the number as typed (12-19 digits
 * once spaces and dashes are gone), the expiry as printed (MM/YY, month 01-12, good through the
 * month's last day) and the security code. Nothing of it is sent to the product's API.
 */
export const cardFormSchema = z.object({
  number: z
    .string()
    .trim()
    .refine((value) => /^\d{12,19}$/.test(value.replace(/[\s-]/g, '')), CARD_NUMBER_MESSAGE),
  expiry: z
    .string()
    .trim()
    .refine((value) => parseCardExpiry(value) !== null, CARD_EXPIRY_MESSAGE)
    .refine((value) => {
      const expiry = parseCardExpiry(value);
      return expiry === null || !isCardExpired(expiry);
    }, CARD_EXPIRED_MESSAGE),
  cvc: z.string().trim().regex(/^\d{3,4}$/, CARD_CVC_MESSAGE),
});
export type CardFormInput = z.input<typeof cardFormSchema>;
export type CardFormValues = z.output<typeof cardFormSchema>;
export type CardField = keyof CardFormValues;

/** Which field a vendor's refusal is about (`card[exp_month]` → expiry); the number when it names none (a decline). */
export function cardFieldOf(param: string | null): CardField {
  if (param === 'card[exp_month]' || param === 'card[exp_year]') return 'expiry';
  if (param === 'card[cvc]') return 'cvc';
  return 'number';
}
