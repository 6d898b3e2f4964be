/**
 * What an API key (or a user's API token) may do: one scope per area of the API, read and write
 * apart. Each endpoint of the contract names the one scope it needs (Endpoint.scope); an endpoint
 * without one is out of every key's reach (account, credentials, keys, two-factor, impersonation,
 * sessions, billing). Admin scopes are granted only to admins, and at each call the owner's role is
 * checked again as for a browser session.
 */
export const API_SCOPES = [
  { scope: 'contacts:read', group: 'Contacts', label: 'See contacts, their notes, files, policies and tags' },
  { scope: 'contacts:write', group: 'Contacts', label: 'Create, change and delete contacts, notes, files, policies and tags' },
  { scope: 'import:read', group: 'Import', label: 'See imports, their errors and import settings' },
  { scope: 'import:write', group: 'Import', label: 'Upload and start imports, change import settings' },
  { scope: 'export:read', group: 'Export', label: 'Export contacts as CSV or Excel' },
  { scope: 'transfers:read', group: 'Transfers', label: 'See transfers, their logs and mailer assignments' },
  { scope: 'transfers:write', group: 'Transfers', label: 'Transfer contacts, revert transfers, assign mailers' },
  { scope: 'print:read', group: 'Print', label: 'See and download batch prints' },
  { scope: 'print:write', group: 'Print', label: 'Start batch prints' },
  { scope: 'quick_filters:read', group: 'Quick filters and favourites', label: 'See quick filters' },
  { scope: 'quick_filters:write', group: 'Quick filters and favourites', label: 'Create, change and delete quick filters' },
  { scope: 'favorites:read', group: 'Quick filters and favourites', label: 'See favourite lists' },
  { scope: 'favorites:write', group: 'Quick filters and favourites', label: 'Add and remove favourites' },
  { scope: 'dashboard:read', group: 'Dashboard and lists', label: 'Read the dashboard cards' },
  { scope: 'lookups:read', group: 'Dashboard and lists', label: 'Read statuses, sources, carriers and vendors' },
  { scope: 'users:read', group: 'Dashboard and lists', label: 'See the users within your reach (owners, team)' },
  { scope: 'admin:read', group: 'Administration', label: 'Read administration settings (feature flags, roles, quiet jobs)', admin: true },
  { scope: 'admin:write', group: 'Administration', label: 'Change administration settings (feature flags, roles, quiet jobs)', admin: true },
] as const satisfies readonly { scope: string; group: string; label: string; admin?: true }[];

export type ApiScope = (typeof API_SCOPES)[number]['scope'];
export const SCOPE_NAMES = API_SCOPES.map((s) => s.scope) as [ApiScope, ...ApiScope[]];
/** Scopes only an admin may grant a key (and that work only while the owner is still an admin). */
export const ADMIN_SCOPES: readonly ApiScope[] = API_SCOPES.filter((s) => 'admin' in s && s.admin).map((s) => s.scope);

/**
 * The areas no key may ever reach: every endpoint of these tags has no scope (a test walks the
 * endpoint table), besides single endpoints of other tags (impersonation, help requests, paid membership).
 */
export const KEYLESS_TAGS = ['session', 'user', 'two_factor', 'api_keys', 'billing'] as const;

/** How long a re-authentication (or a sign-in) counts as recent for credential changes. */
export const RECENT_AUTH_MINUTES = 15;
/** The marker of a 403 that a re-authentication would lift: `{ errors: { reauth: 'required' } }`. */
export const REAUTH_REQUIRED = 'required';
