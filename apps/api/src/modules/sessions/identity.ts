import type { Role } from '@crm/contract';
import type { BrandId } from '@crm/brand-config';
import type { UserRow } from '../users/users.repository';
import type { SessionRow } from './sessions.repository';

/** Who is calling: the request's user, brand and roles, and how they authenticated (plugins/auth.ts). */
export type Identity = {
  user: UserRow;
  /** The brand of the user's company (for a session, always the request's brand). */
  brand: BrandId;
  roles: Role[];
  session: SessionRow | null;
  via: 'session' | 'api_key';
  /** An API key's (or user token's) scopes; null for a browser session, which the scopes do not limit. */
  scopes: readonly string[] | null;
};

/** Where a request came from, for audit logs and limits. */
export type RequestMeta = { ip: string; userAgent: string | null };
