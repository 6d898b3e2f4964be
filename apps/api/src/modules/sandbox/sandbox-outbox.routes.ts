import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** The local e-mail outbox, readable by developers and tests when no SMTP server is configured. */
export function registerSandboxOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sandbox/outbox', async (request) => {
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
