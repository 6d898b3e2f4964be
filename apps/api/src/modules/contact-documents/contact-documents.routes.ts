import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';
import { rxContent } from './contact-documents.service';

export function registerContactDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.showDataCapture, (request) => ctx.contactDocuments.show(requireIdentity(request), request.params.id, 'data_capture'));

  route(app, ctx, endpoints.updateDataCapture, (request) =>
    ctx.contactDocuments.replace(requireIdentity(request), request.params.id, 'data_capture', { data_captures: request.body.data_captures }),
  );

  route(app, ctx, endpoints.showRxDetails, (request) => ctx.contactDocuments.show(requireIdentity(request), request.params.id, 'rx_details'));

  route(app, ctx, endpoints.updateRxDetails, (request) =>
    ctx.contactDocuments.replace(requireIdentity(request), request.params.id, 'rx_details', rxContent(request.body)),
  );
}
