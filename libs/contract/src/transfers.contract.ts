import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, pagingMeta, timestamp } from './common.contract';
import { CONTACT_CATEGORIES, contactSelection } from './contacts.contract';

// ---------------------------------------------------------------------------------------------
// Transfers: moving contacts to another user, and changing a group of contacts (spec part 2 §3
// transfer attempt, §4, §7 Transfers, §9; part 1 §7 transfer attempts)
// ---------------------------------------------------------------------------------------------

/** The spec's limit: one transfer moves at most this many contacts. */
export const TRANSFER_MAX_CONTACTS = 250_000;
/** Transfer attempt list defaults (spec part 2 §9): page 1, 15 a page; logs 50 a page. */
export const TRANSFER_ATTEMPTS_PAGE_SIZE = 15;
export const TRANSFER_LOGS_PAGE_SIZE = 50;

export const TRANSFER_TOO_MANY = `At most ${TRANSFER_MAX_CONTACTS.toLocaleString('en-US')} contacts can be moved at once`;

/**
 * queued → processing → done (moved; can be reverted until it is confirmed) → complete
 * (confirmed); failed when the job ran out of tries.
 */
export const TRANSFER_STATUSES = ['queued', 'processing', 'done', 'complete', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

const INT_MAX = 2_147_483_647;
const optionalId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(INT_MAX, message).nullable().optional();
const userId = z.number({ error: 'Choose a user' }).int('Choose a user').positive('Choose a user').max(INT_MAX, 'Choose a user');

/** Fields a group change may set besides the owner (null clears a status or source). */
const groupFields = {
  category: z.enum(CONTACT_CATEGORIES, { error: 'Choose a category (lead, prospect or client)' }).optional(),
  status_id: optionalId('Choose a status'),
  agentflow_status_id: optionalId('Choose an AgentFlow status'),
  source_id: optionalId('Choose a source'),
};
const selection = contactSelection.shape;
const hasSelection = (body: { ids?: number[] | undefined; all: boolean }, ctx: z.RefinementCtx) => {
  if (!body.all && !body.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Choose contacts' });
};

export const transferGroupBody = z.object({ ...selection, user_id: userId }).superRefine(hasSelection);
export const updateTransferGroupBody = z
  .object({ ...selection, user_id: userId, ...groupFields })
  .superRefine(hasSelection);
export const updateGroupBody = z
  .object({ ...selection, ...groupFields })
  .superRefine(hasSelection)
  .superRefine((body, ctx) => {
    if (Object.keys(groupFields).every((key) => body[key as keyof typeof groupFields] === undefined))
      ctx.addIssue({ code: 'custom', path: ['base'], message: 'Choose what to change' });
  });

const person = z.object({ id: z.number().int(), name: z.string() });

/** A transfer attempt (spec: id, status, reverted, updated_at), with who, to whom, how many and how far. */
export const transferAttempt = z.object({
  id: z.number().int(),
  status: z.enum(TRANSFER_STATUSES),
  /** Its worker stopped (a crash, a restart) mid-run: it resumes by itself from its last written batch. */
  interrupted: z.boolean(),
  reverted: z.boolean(),
  /** The revert-in-progress marker: set while a revert runs, cleared when it ends. */
  reverting: z.boolean(),
  user: person.describe('Who made the transfer'),
  to_user: person,
  /** Fields the transfer also changed (update_transfer_group, mailer assignment). */
  changes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  total_count: z.number().int(),
  /** Contacts handled so far (moved, or already the target's). */
  processed_count: z.number().int(),
  moved_count: z.number().int(),
  progress: z.number().int(),
  failure: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type TransferAttempt = z.infer<typeof transferAttempt>;

/** One moved contact: from whom to whom (and the earlier values of other changed fields). */
export const transferLog = z.object({
  contact_id: z.number().int(),
  contact_name: z.string(),
  from_user: person,
  to_user: person,
  created_at: timestamp,
});
export type TransferLog = z.infer<typeof transferLog>;

const attemptResponse = z.object({ data: transferAttempt });
const transferEndpoint = { tag: 'transfers', access: 'user', gate: 'enforced' } as const;

export const transferGroup = defineEndpoint({
  scope: 'transfers:write',
  ...transferEndpoint,
  method: 'PATCH',
  path: '/v1/contacts/transfer_group',
  summary: `Move the chosen contacts (ids, or all matching the scope; at most ${TRANSFER_MAX_CONTACTS.toLocaleString('en-US')}) to another user, in a job`,
  body: transferGroupBody,
  response: attemptResponse,
});

export const updateTransferGroup = defineEndpoint({
  scope: 'transfers:write',
  ...transferEndpoint,
  method: 'PATCH',
  path: '/v1/contacts/update_transfer_group',
  summary: 'Move the chosen contacts to another user and set their category, status, AgentFlow status or source on the way (one revertible transfer)',
  body: updateTransferGroupBody,
  response: attemptResponse,
});

export const updateGroup = defineEndpoint({
  scope: 'transfers:write',
  ...transferEndpoint,
  method: 'PATCH',
  path: '/v1/contacts/update_group',
  summary: 'Set the category, status, AgentFlow status or source of the chosen contacts (owners stay)',
  body: updateGroupBody,
  response: z.object({ count: z.number().int() }),
});

export const TRANSFER_ORDER_FIELDS = ['created_at', 'updated_at', 'status', 'total_count'] as const;

export const listTransferAttempts = defineEndpoint({
  scope: 'transfers:read',
  ...transferEndpoint,
  method: 'GET',
  path: '/v1/contacts/transfer_attempts',
  summary: 'Transfer attempts the caller made or reaches, newest first by default; q finds a user by name',
  query: z.object({
    page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(TRANSFER_ATTEMPTS_PAGE_SIZE),
    q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
    order_field: z.enum(TRANSFER_ORDER_FIELDS, { error: 'Order by created_at, updated_at, status or total_count' }).default('created_at'),
    order: z.enum(['asc', 'desc'], { error: 'Order asc or desc' }).default('desc'),
  }),
  response: z.object({ data: z.array(transferAttempt), meta: pagingMeta }),
});

const logsQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(200, 'Limit must be at most 200').default(TRANSFER_LOGS_PAGE_SIZE),
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});

export const showTransferAttempt = defineEndpoint({
  scope: 'transfers:read',
  ...transferEndpoint,
  method: 'GET',
  path: '/v1/contacts/transfer_attempts/{id}',
  summary: `A transfer attempt with its first ${TRANSFER_LOGS_PAGE_SIZE} logs`,
  params: idParams,
  response: z.object({ data: transferAttempt, transfer_logs: z.array(transferLog), meta: pagingMeta }),
});

export const listTransferLogs = defineEndpoint({
  scope: 'transfers:read',
  ...transferEndpoint,
  method: 'GET',
  path: '/v1/contacts/transfer_attempts/{id}/logs',
  summary: 'The contacts a transfer moved, a page at a time (q finds a contact by name)',
  params: idParams,
  query: logsQuery,
  response: z.object({ data: z.array(transferLog), meta: pagingMeta }),
});

export const transferAttemptStatus = defineEndpoint({
  scope: 'transfers:read',
  ...transferEndpoint,
  method: 'GET',
  path: '/v1/contacts/transfer_attempts/{id}/status',
  summary: 'Poll a transfer: status, progress and the revert marker',
  params: idParams,
  response: attemptResponse,
});

export const updateTransferAttempt = defineEndpoint({
  scope: 'transfers:write',
  ...transferEndpoint,
  method: 'PATCH',
  path: '/v1/contacts/transfer_attempts/{id}',
  summary: 'Confirm a done transfer (status complete), or revert it (revert true)',
  params: idParams,
  body: z
    .object({
      status: z.literal('complete', { error: 'Status can only be set to complete' }).optional(),
      revert: z.boolean({ error: 'Revert must be true or false' }).optional(),
    })
    .refine((body) => body.status !== undefined || body.revert === true, { message: 'Confirm (status complete) or revert', path: ['base'] }),
  response: attemptResponse,
});

export const revertTransferAttempt = defineEndpoint({
  scope: 'transfers:write',
  ...transferEndpoint,
  method: 'POST',
  path: '/v1/contacts/transfer_attempts/{id}',
  summary: 'Revert a transfer: its contacts go back to their earlier owners (those not changed since), in a job',
  params: idParams,
  response: attemptResponse,
});

export const transferHistoryEntry = z.object({
  attempt_id: z.number().int(),
  from_user: person,
  to_user: person,
  by: person,
  reverted: z.boolean(),
  created_at: timestamp,
});
export type TransferHistoryEntry = z.infer<typeof transferHistoryEntry>;

export const contactTransferHistory = defineEndpoint({
  scope: 'transfers:read',
  ...transferEndpoint,
  method: 'GET',
  path: '/v1/contacts/{id}/transfer_history',
  summary: "A contact's transfers, newest first",
  params: idParams,
  response: z.object({ data: z.array(transferHistoryEntry) }),
});

/** Users the caller may give contacts to: themselves and everyone they reach (a manager's downline; the company for administrators). */
export const listOwners = defineEndpoint({
  scope: 'users:read',
  tag: 'admin_users',
  access: 'user',
  gate: 'enforced',
  method: 'GET',
  path: '/v1/admin/users/owners',
  summary: 'Users the caller may give contacts to (themselves and the users they reach), by name; q finds by name or e-mail',
  query: z.object({
    q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(200, 'Limit must be at most 200').default(50),
  }),
  response: z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })) }),
});

// Mailer assignment: lists bought for a direct-mail campaign, dealt to agents ------------------

/**
 * A mailer kit: a lead list imported for a direct-mail campaign (an import attempt of leads), with
 * how many of its contacts are live and how many are still with the user who imported it.
 */
export const mailerKit = z.object({
  id: z.number().int().describe('The import attempt'),
  name: z.string(),
  vendor: z.string().nullable(),
  lead_type: z.string().nullable(),
  holder: person.describe('Who holds the unassigned contacts (the import’s owner)'),
  total: z.number().int(),
  unassigned: z.number().int(),
  created_at: timestamp,
});
export type MailerKit = z.infer<typeof mailerKit>;

const mailerFlag = { ...transferEndpoint, flag: 'mailer_assignment' } as const;

export const mailerAssignmentKits = defineEndpoint({
  scope: 'transfers:read',
  ...mailerFlag,
  method: 'GET',
  path: '/v1/contacts/mailer_assignment_kits',
  summary: 'Mailer kits (imported lead lists) the caller reaches, with their unassigned counts',
  response: z.object({ data: z.array(mailerKit) }),
});

export const mailerAssignmentCounts = defineEndpoint({
  scope: 'transfers:read',
  ...mailerFlag,
  method: 'GET',
  path: '/v1/contacts/mailer_assignment_counts',
  summary: "A kit's contacts by the user who holds them now",
  query: z.object({ kit_id: z.coerce.number({ error: 'Choose a kit' }).int('Choose a kit').positive('Choose a kit').max(INT_MAX, 'Choose a kit') }),
  response: z.object({ data: z.object({ kit_id: z.number().int(), unassigned: z.number().int(), by_user: z.array(z.object({ user: person, count: z.number().int() })) }) }),
});

export const mailerAssignmentCreate = defineEndpoint({
  scope: 'transfers:write',
  ...mailerFlag,
  method: 'POST',
  path: '/v1/contacts/mailer_assignment_create',
  summary: "Deal a kit's unassigned contacts to users: so many each (one transfer per user)",
  body: z.object({
    kit_id: z.number({ error: 'Choose a kit' }).int('Choose a kit').positive('Choose a kit').max(INT_MAX, 'Choose a kit'),
    assignments: z
      .array(
        z.object({
          user_id: userId,
          count: z.number({ error: 'Count must be a number' }).int('Count must be a whole number').min(1, 'Count must be at least 1').max(TRANSFER_MAX_CONTACTS, TRANSFER_TOO_MANY),
        }),
        { error: 'Choose users and counts' },
      )
      .min(1, 'Choose users and counts')
      .max(100, 'At most 100 users'),
  }),
  response: z.object({ data: z.array(transferAttempt) }),
});

