import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { contentDisposition } from '../../lib/content-disposition';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerPrintRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.batchPrint, (request) => ctx.print.start(requireIdentity(request), request.body));
  route(app, ctx, endpoints.batchPrintStatus, (request) => ctx.print.status(requireIdentity(request), request.body.jid));
  route(app, ctx, endpoints.downloadBatchPrint, async (request, reply) => {
    const { name, body } = await ctx.print.file(requireIdentity(request), request.params.jid);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
