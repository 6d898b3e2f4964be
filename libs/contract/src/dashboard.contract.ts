import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { pagingMeta, timestamp } from './common.contract';

// ---------------------------------------------------------------------------------------------
// The dashboard (spec part 1 §3 dashboard_info on the current user, §4 "Dashboard merge", §7
// PATCH /v1/dashboard?type={type}): each card asks for its type; birthdays are paged, and a later
// page is appended to what the screen holds, never put in its place.
// ---------------------------------------------------------------------------------------------

/**
 * What a card can ask for. Birthdays of clients and prospects; contacts turning 65 (users of a
 * brand that sells Medicare only); leads created this week; the reach by category; the user's own
 * imports and transfers still running.
 */
export const DASHBOARD_TYPES = [
  'client_birthdays',
  'prospect_birthdays',
  'turning_65',
  'new_leads',
  'contacts_by_category',
  'in_progress',
] as const;
export const dashboardType = z.enum(DASHBOARD_TYPES, { error: `Type must be one of ${DASHBOARD_TYPES.join(', ')}` });
export type DashboardType = z.infer<typeof dashboardType>;

/** Birthdays shown: today and the 13 days after it, in the user's time zone. */
export const BIRTHDAY_WINDOW_DAYS = 14;
/** Turning 65: 65th birthdays from today to three months ahead (the Medicare initial enrolment window opens three months before). */
export const TURNING_65_MONTHS = 3;
/** Weeks start on Monday (ISO 8601), at midnight in the user's time zone. */
export const WEEK_STARTS_ON = 'monday';
export const DASHBOARD_PAGE_SIZE = 10;
export const DASHBOARD_PAGE_MAX = 50;
/** A list's pages beyond this are refused (a card never goes that deep; it bounds the work of one request). */
export const DASHBOARD_LAST_PAGE = 1000;
/** Imports and transfers listed at most in the in-progress card. */
export const DASHBOARD_IN_PROGRESS_MAX = 10;

/** Spec part 1 §4: these lists are appended to by a later page, not replaced. */
export const DASHBOARD_APPENDED_LISTS = ['client_birthdays', 'prospect_birthdays'] as const;

/**
 * The contact categories and the transfer statuses of a running transfer, spelled here rather than
 * imported: the current user's schema (user.contract) includes dashboard_info, and contacts.contract
 * imports user.contract, so importing it here would be a cycle. dashboard.contract.test.ts checks
 * they match CONTACT_CATEGORIES and TRANSFER_STATUSES.
 */
export const DASHBOARD_CATEGORIES = ['lead', 'prospect', 'client'] as const;
export const DASHBOARD_TRANSFER_STATUSES = ['queued', 'processing', 'done'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('Calendar date YYYY-MM-DD');
const person = z.object({ id: z.number().int(), name: z.string() });

/** A contact as a card lists it (it links to /contacts/{id}). */
const dashboardContact = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  category: z.enum(DASHBOARD_CATEGORIES),
  owner: person,
});

export const dashboardBirthday = dashboardContact.extend({
  date_of_birth: isoDate,
  /** The coming birthday (Feb 29 birthdays fall on Feb 28 in other years). */
  birthday: isoDate,
  /** The age the contact turns on it. */
  age: z.number().int(),
  /** 0 today, 1 tomorrow, ... */
  days_away: z.number().int(),
});
export type DashboardBirthday = z.infer<typeof dashboardBirthday>;

export const dashboardTurning65 = dashboardContact.extend({
  date_of_birth: isoDate,
  turns_65_on: isoDate,
  days_away: z.number().int(),
});
export type DashboardTurning65 = z.infer<typeof dashboardTurning65>;

export const dashboardNewLead = dashboardContact.extend({ created_at: timestamp });
export type DashboardNewLead = z.infer<typeof dashboardNewLead>;

/** A dated list's window: its first and last day in the user's time zone. */
export const dashboardWindowMeta = pagingMeta.extend({ from: isoDate, to: isoDate });
export type DashboardWindowMeta = z.infer<typeof dashboardWindowMeta>;

/**
 * How many live contacts of the reach a category holds, counted up to the contact list's cap
 * (CONTACTS_COUNT_CAP, 1,000): `capped` says there are more ("1,000+"), as the list says it. An
 * exact count of a million-contact reach reads a million index entries, too slow for a card.
 */
export const dashboardCategoryCount = z.object({ category: z.enum(DASHBOARD_CATEGORIES), count: z.number().int(), capped: z.boolean() });
export type DashboardCategoryCount = z.infer<typeof dashboardCategoryCount>;

export const dashboardImport = z.object({
  id: z.number().int(),
  file_name: z.string(),
  category: z.enum(DASHBOARD_CATEGORIES),
  status: z.enum(['queued', 'processing']),
  processed_rows: z.number().int(),
  created_at: timestamp,
});
export type DashboardImport = z.infer<typeof dashboardImport>;

export const dashboardTransfer = z.object({
  id: z.number().int(),
  status: z.enum(DASHBOARD_TRANSFER_STATUSES),
  reverting: z.boolean(),
  to_user: person,
  total_count: z.number().int(),
  processed_count: z.number().int(),
  created_at: timestamp,
});
export type DashboardTransfer = z.infer<typeof dashboardTransfer>;

/**
 * dashboard_info: on the current user (GET /v1/users/me) only `types`, the cards this user may ask
 * for (no query runs for it: /users/me is the hottest endpoint); each answer of PATCH
 * /v1/dashboard carries the keys of its type, which the screen merges in (mergeDashboardInfo).
 */
export const dashboardInfo = z.object({
  types: z.array(dashboardType).optional(),
  client_birthdays: z.array(dashboardBirthday).optional(),
  client_birthdays_meta: dashboardWindowMeta.optional(),
  prospect_birthdays: z.array(dashboardBirthday).optional(),
  prospect_birthdays_meta: dashboardWindowMeta.optional(),
  turning_65: z.array(dashboardTurning65).optional(),
  turning_65_meta: dashboardWindowMeta.optional(),
  new_leads: z.array(dashboardNewLead).optional(),
  /** from: the week's Monday; to: today. The count stops at the contact list's cap (total_count_capped). */
  new_leads_meta: dashboardWindowMeta
    .extend({ since: timestamp.describe('Monday 00:00 in the user’s time zone'), total_count_capped: z.boolean() })
    .optional(),
  /** Leads, prospects, clients, in that order. */
  contacts_by_category: z.array(dashboardCategoryCount).optional(),
  imports_in_progress: z.array(dashboardImport).optional(),
  transfers_in_progress: z.array(dashboardTransfer).optional(),
});
export type DashboardInfo = z.infer<typeof dashboardInfo>;

const whole = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max}`);

export const updateDashboard = defineEndpoint({
  scope: 'dashboard:read',
  method: 'PATCH',
  path: '/v1/dashboard',
  summary:
    `One dashboard card's data within the caller's reach: birthdays of clients or prospects (today and the next ${BIRTHDAY_WINDOW_DAYS - 1} days), ` +
    `contacts turning 65 in the next ${TURNING_65_MONTHS} months (Medicare brands), leads created this week, contacts by category, ` +
    "the caller's imports and transfers in progress. Lists are paged (page, limit in the body)",
  tag: 'dashboard',
  access: 'user',
  gate: 'enforced',
  query: z.object({ type: dashboardType }),
  body: z
    .object({
      page: whole('Page', DASHBOARD_LAST_PAGE).default(1),
      limit: whole('Limit', DASHBOARD_PAGE_MAX).default(DASHBOARD_PAGE_SIZE),
    })
    .nullish(),
  response: z.object({ data: dashboardInfo }),
});
