import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { timestamp } from './common.contract';
import { contactSelection } from './contacts.contract';

/** The spec's limit: one batch print holds at most this many contacts. */
export const PRINT_MAX_CONTACTS = 500;
export const PRINT_TOO_MANY = `At most ${PRINT_MAX_CONTACTS} contacts can be printed at once`;
/** Contact sheets: a page per contact; mailing labels: 30 a letter page (Avery 5160 and alikes). */
export const PRINT_LAYOUTS = ['sheets', 'labels'] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];
export const PRINT_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;

const jid = z.string({ error: 'Choose a print job' }).uuid('Choose a print job');

export const printJob = z.object({
  jid: z.string(),
  layout: z.enum(PRINT_LAYOUTS),
  status: z.enum(PRINT_STATUSES),
  /** Its worker stopped (a crash, a restart) while it was queued or building: it resumes by itself. */
  interrupted: z.boolean(),
  count: z.number().int(),
  failure: z.string().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type PrintJob = z.infer<typeof printJob>;

export const batchPrint = defineEndpoint({
  scope: 'print:write',
  method: 'POST',
  path: '/v1/contacts/batch_print',
  summary: `Build a PDF of contact sheets or mailing labels for the chosen contacts (at most ${PRINT_MAX_CONTACTS}) in a job; the answer names the job (jid)`,
  tag: 'print',
  access: 'user',
  gate: 'enforced',
  body: z.object({ ...contactSelection.shape, layout: z.enum(PRINT_LAYOUTS, { error: 'Choose contact sheets or mailing labels' }).default('sheets') }).superRefine((body, ctx) => {
    if (!body.all && !body.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Choose contacts' });
  }),
  response: z.object({ data: printJob }),
});

export const batchPrintStatus = defineEndpoint({
  scope: 'print:read',
  method: 'PATCH',
  path: '/v1/contacts/batch_print_status',
  summary: 'Poll a print job by its jid; when done its PDF downloads from /v1/contacts/batch_print/{jid}',
  tag: 'print',
  access: 'user',
  gate: 'enforced',
  body: z.object({ jid }),
  response: z.object({ data: printJob }),
});

export const downloadBatchPrint = defineEndpoint({
  scope: 'print:read',
  method: 'GET',
  path: '/v1/contacts/batch_print/{jid}',
  summary: 'The PDF of a finished print job',
  tag: 'print',
  access: 'user',
  gate: 'enforced',
  params: z.object({ jid }),
  download: true,
  response: z.any().describe('PDF file'),
});
