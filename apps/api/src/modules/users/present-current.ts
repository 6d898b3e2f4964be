import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import type { UserRow } from './users.repository';

/** The caller as "Current user" (or `user`, a fresher row of the caller), with the impersonation the session carries. */
export async function presentCurrent(ctx: AppContext, request: FastifyRequest, user?: UserRow): Promise<CurrentUser> {
  const identity = requireIdentity(request);
  return ctx.users.present(user ?? identity.user, await ctx.sessions.impersonationOf(identity.session));
}
