// The contract's plain values: lists and texts, without zod. The browser's first page needs some of
// them (roles, flags, the cable's address) before it validates anything, so they live apart from the
// schemas (a module is loaded whole); the contract modules re-export them where they belong.

/** 403's message (spec part 1 §6): `{ errors: { user: 'Access denied!' } }`. */
export const ACCESS_DENIED = 'Access denied!';

/** Every role of spec part 1 §6 / part 2 §6. Brands choose which of these they offer. */
export const ROLES = [
  'admin',
  'sub_admin',
  'bu_admin',
  'manager',
  'regional_manager',
  'district_manager',
  'field_manager',
  'telemarketer',
  'agent',
  'basic',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles whose holders are administrators (sub_admin implies admin). */
export const ADMIN_ROLES: readonly Role[] = ['admin', 'sub_admin'];

/** Roles that may start an impersonation (spec: admin, regional manager, business-unit admin). */
export const IMPERSONATOR_ROLES: readonly Role[] = [
  'admin',
  'sub_admin',
  'regional_manager',
  'bu_admin',
];

/** Time zones of spec part 2 §3 (default est). */
export const TIMEZONES = ['est', 'cst', 'mst', 'pst', 'akst', 'hst'] as const;
export type Timezone = (typeof TIMEZONES)[number];
export const DEFAULT_TIMEZONE: Timezone = 'est';

/** How each of the spec's time zones is named in lists. */
export const TIMEZONE_LABELS: Record<Timezone, string> = {
  est: 'Eastern (EST)',
  cst: 'Central (CST)',
  mst: 'Mountain (MST)',
  pst: 'Pacific (PST)',
  akst: 'Alaska (AKST)',
  hst: 'Hawaii (HST)',
};

/** IANA zone for each of the spec's zone codes, for showing times in the user's zone. */
export const IANA_TIMEZONES: Record<Timezone, string> = {
  est: 'America/New_York',
  cst: 'America/Chicago',
  mst: 'America/Denver',
  pst: 'America/Los_Angeles',
  akst: 'America/Anchorage',
  hst: 'Pacific/Honolulu',
};

/** Feature flags of spec part 2 §6, plus later features. Libraries ask `useFlag(name)`; they never compare brand names. */
export const FLAG_NAMES = [
  'sms',
  'dialer',
  'email_campaigns',
  'workflow',
  'reports',
  'contact_merge',
  'transfer_log',
  'mailer_assignment',
  'import_lead_tracking',
  'impersonate_bu_admin',
  'sso',
  'aftercare',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** Deployment environments (APP_ENV on the server, VITE_APP_ENV in a brand build). */
export const APP_ENVIRONMENTS = ['development', 'stage', 'demo', 'production'] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

/**
 * The realtime socket: the ActionCable protocol at /cable (GET /cable in endpoints.tsv), so that the
 * browser uses the real @rails/actioncable client. Shared by the server and the client.
 */
export const CABLE_PATH = '/cable';
/** The one subprotocol the server speaks; the client offers it (and `actioncable-unsupported`). */
export const CABLE_PROTOCOL = 'actioncable-v1-json';
/** Seconds between the server's pings; the client thinks a connection stale after two missed ones. */
export const CABLE_PING_SECONDS = 3;
/** The spec: after an error or a disconnect message the socket reconnects after 1 second. */
export const CABLE_RECONNECT_MS = 1000;

/** The channels a client may subscribe to, by their ActionCable class name. */
export const CABLE_CHANNELS = {
  /** The caller's import attempts: each message is an attempt as it changes (part 2 §4). */
  contactsImport: 'ContactsImportChannel',
} as const;
export type CableChannel = (typeof CABLE_CHANNELS)[keyof typeof CABLE_CHANNELS];

/** Why the server closes a connection (ActionCable's disconnect reasons). */
export const CABLE_DISCONNECT_REASONS = ['unauthorized', 'invalid_request', 'server_restart', 'remote'] as const;

/**
 * A download's header with about how many rows its file has, sent with the headers before any
 * row (the rows are streamed as they are read): the browser shows its progress against it.
 */
export const ROW_ESTIMATE_HEADER = 'x-row-estimate';

/**
 * Rows the contact list screen asks for per request (PATCH /v1/contacts), the next page as the
 * user scrolls near the end: the list bench measures this size.
 */
export const CONTACTS_LIST_PAGE_SIZE = 100;
