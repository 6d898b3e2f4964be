import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { timestamp } from './common.contract';

export const HELP_SUBJECT_MAX = 150;
export const HELP_MESSAGE_MAX = 5000;
export const HELP_PAGE_MAX = 300;

/** A help request from the in-app help widget (spec part 1 §2); it is e-mailed to the brand's support address. */
export const helpRequestBody = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(HELP_SUBJECT_MAX, `Subject must be at most ${HELP_SUBJECT_MAX} characters`),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(HELP_MESSAGE_MAX, `Message must be at most ${HELP_MESSAGE_MAX} characters`),
  /** The path the user was on when they asked (for example `/contacts?tab=notes`). */
  page: z
    .string({ error: 'Page must be text' })
    .trim()
    .max(HELP_PAGE_MAX, `Page must be at most ${HELP_PAGE_MAX} characters`)
    .optional(),
});
export type HelpRequestBody = z.input<typeof helpRequestBody>;

export const helpRequest = z.object({ id: z.number().int(), created_at: timestamp });
export type HelpRequest = z.infer<typeof helpRequest>;

export const createHelpRequest = defineEndpoint({
  method: 'POST',
  path: '/v1/helps',
  summary: "Ask the brand's support team for help; the request is stored and e-mailed to support, replying to the user",
  tag: 'admin_flags',
  access: 'user',
  // A user held by an account gate (forced password change, terms, two-factor) may still ask for help.
  gate: 'exempt',
  body: helpRequestBody,
  response: z.object({ data: helpRequest }),
});
