import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerContactNoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listContactNotes, (request) => ctx.contactNotes.list(requireIdentity(request), request.params.id, request.query));

  route(app, ctx, endpoints.createContactNote, (request) =>
    ctx.contactNotes.create(requireIdentity(request), request.params.id, request.body.body),
  );

  route(app, ctx, endpoints.updateContactNoteRecord, (request) =>
    ctx.contactNotes.update(requireIdentity(request), request.params.id, request.params.noteId, request.body.body),
  );

  route(app, ctx, endpoints.deleteContactNote, (request) =>
    ctx.contactNotes.remove(requireIdentity(request), request.params.id, request.params.noteId),
  );
}
