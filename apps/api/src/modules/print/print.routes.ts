import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { fileHeaders } from '../../lib/file-response';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerPrintRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.batchPrint, (request) => ctx.print.start(requireIdentity(request), request.body));
  route(app, ctx, endpoints.batchPrintStatus, (request) => ctx.print.status(requireIdentity(request), request.body.jid));
  route(app, ctx, endpoints.downloadBatchPrint, async (request, reply) => {
    const { name, body } = await ctx.print.file(requireIdentity(request), request.params.jid);
    return reply.headers(fileHeaders({ fileName: name, contentType: 'application/pdf' })).send(body);
  });
}
