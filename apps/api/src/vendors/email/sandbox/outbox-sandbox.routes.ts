import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { isDevelopment } from '../../../env';
import { forbidden, unauthorized } from '../../../lib/http-errors';
import { sessionIdentity } from '../../../plugins/auth';
import { isAdmin } from '../../../modules/users/current-user';

/**
 * The local e-mail outbox, readable when no SMTP server is configured (never in production: the
 * sandbox guard). In development and tests anyone on the machine may read it; on stage and demo it
 * holds reset and e-mail-change links of people others can reach, so only an administrator's
 * browser session (of the request's brand) may.
 */
export function registerSandboxOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const open = isDevelopment(ctx.env);
  app.get('/sandbox/outbox', async (request) => {
    if (!open) {
      const identity = await sessionIdentity(ctx, request);
      if (!identity) throw unauthorized('Sign in as an administrator to read the outbox');
      if (!isAdmin(identity.roles)) throw forbidden();
    }
    const { to } = request.query as { to?: string };
    const rows = await ctx.outbox.latest(to);
    return {
      data: rows.map((r) => ({
        id: r.id,
        to: r.to,
        reply_to: r.replyTo,
        subject: r.subject,
        text: r.text,
        created_at: r.createdAt.toISOString(),
      })),
    };
  });
}
