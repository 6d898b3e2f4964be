import type { FastifyInstance } from 'fastify';
import { endpoints, TRANSFER_LOGS_PAGE_SIZE } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.transferGroup, (request) => ctx.transfers.transferGroup(requireIdentity(request), request.body));
  route(app, ctx, endpoints.updateTransferGroup, (request) => ctx.transfers.transferGroup(requireIdentity(request), request.body));
  route(app, ctx, endpoints.updateGroup, (request) => ctx.transfers.updateGroup(requireIdentity(request), request.body));
  route(app, ctx, endpoints.listTransferAttempts, (request) => ctx.transfers.list(requireIdentity(request), request.query));
  route(app, ctx, endpoints.showTransferAttempt, async (request) => {
    const { attempt, logs, meta } = await ctx.transfers.show(requireIdentity(request), request.params.id, { page: 1, limit: TRANSFER_LOGS_PAGE_SIZE });
    return { data: attempt, transfer_logs: logs, meta };
  });
  route(app, ctx, endpoints.listTransferLogs, async (request) => {
    const { logs, meta } = await ctx.transfers.show(requireIdentity(request), request.params.id, request.query);
    return { data: logs, meta };
  });
  route(app, ctx, endpoints.transferAttemptStatus, (request) => ctx.transfers.status(requireIdentity(request), request.params.id));
  route(app, ctx, endpoints.updateTransferAttempt, (request) =>
    request.body.revert ? ctx.transfers.revert(requireIdentity(request), request.params.id) : ctx.transfers.confirm(requireIdentity(request), request.params.id),
  );
  route(app, ctx, endpoints.revertTransferAttempt, (request) => ctx.transfers.revert(requireIdentity(request), request.params.id));
  route(app, ctx, endpoints.contactTransferHistory, (request) => ctx.transfers.history(requireIdentity(request), request.params.id));
  route(app, ctx, endpoints.listOwners, (request) => ctx.transfers.owners(requireIdentity(request), request.query));
  route(app, ctx, endpoints.mailerAssignmentKits, (request) => ctx.transfers.mailerKits(requireIdentity(request)));
  route(app, ctx, endpoints.mailerAssignmentCounts, (request) => ctx.transfers.mailerCounts(requireIdentity(request), request.query.kit_id));
  route(app, ctx, endpoints.mailerAssignmentCreate, (request) => ctx.transfers.mailerAssign(requireIdentity(request), request.body));
}
