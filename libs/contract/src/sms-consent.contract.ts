import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { timestamp } from './common.contract';

// ---------------------------------------------------------------------------------------------
// SMS consent (spec part 1 §7 "SMS": POST /v1/sms/update_permission; issue 30 item 5). A user
// records that a contact gave (or withdrew) consent to be texted by means other than a keyword
// reply: who recorded it (the caller), how it was given, and the words the contact agreed to. The
// spec shows no fields: these are what a compliance review asks for.
// ---------------------------------------------------------------------------------------------

export const CONSENT_PERMISSIONS = ['granted', 'revoked'] as const;
export type ConsentPermission = (typeof CONSENT_PERMISSIONS)[number];

/** How the contact gave or withdrew consent. */
export const CONSENT_METHODS = ['verbal', 'written', 'web_form', 'email', 'in_person', 'other'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const CONSENT_TEXT_MAX = 2000;

export const updatePermissionBody = z
  .object({
    contact_id: z.number({ error: 'Contact is required' }).int('Contact is required').positive('Contact is required'),
    /** One of the contact's phones, in any form (+1 555 123 4567, 5551234567). */
    phone: z
      .string({ error: 'Phone is required' })
      .trim()
      .refine((value) => /^\+?1?\d{10}$/.test(value.replace(/[\s().-]/g, '')), 'Phone must be a US number of 10 digits'),
    permission: z.enum(CONSENT_PERMISSIONS, { error: 'Permission must be granted or revoked' }),
    method: z.enum(CONSENT_METHODS, { error: `Method must be one of ${CONSENT_METHODS.join(', ')}` }),
    /** The words the contact agreed to (required when consent is granted). */
    consent_text: z
      .string({ error: 'Consent text must be text' })
      .trim()
      .max(CONSENT_TEXT_MAX, `Consent text must be at most ${CONSENT_TEXT_MAX.toLocaleString('en-US')} characters`)
      .nullish()
      .transform((value) => (value ? value : null)),
    /** When the contact gave it; now when absent. Not in the future. */
    given_at: z.iso.datetime({ offset: true, error: 'Given at must be a date and time (ISO 8601)' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.permission === 'granted' && !value.consent_text) {
      ctx.addIssue({ code: 'custom', path: ['consent_text'], message: 'Consent text is required: the words the contact agreed to' });
    }
  });
export type UpdatePermissionBody = z.input<typeof updatePermissionBody>;

/** A number's consent as recorded. */
export const smsPermission = z.object({
  contact_id: z.number().int(),
  /** E.164. */
  phone: z.string(),
  opted_out: z.boolean(),
  permission: z.enum(CONSENT_PERMISSIONS),
  method: z.enum(CONSENT_METHODS),
  consent_text: z.string().nullable(),
  recorded_by: z.number().int(),
  given_at: timestamp,
});
export type SmsPermission = z.infer<typeof smsPermission>;

export const updateSmsPermission = defineEndpoint({
  method: 'POST',
  path: '/v1/sms/update_permission',
  summary:
    "Record that a contact gave (granted) or withdrew (revoked) consent to be texted, by means other than a reply keyword: how, and the words they agreed to. The number's consent is the company's: a grant lifts a STOP for every agent of the company. Only for a contact the caller reaches (else 404); the phone must be one of the contact's",
  tag: 'sms',
  access: 'user',
  gate: 'enforced',
  flag: 'sms',
  body: updatePermissionBody,
  response: z.object({ data: smsPermission }),
});
