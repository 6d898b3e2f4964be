import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listContacts, (request) => ctx.contacts.list(requireIdentity(request), request.body.contacts_scope));

  route(app, ctx, endpoints.selectedContactItems, (request) => ctx.contacts.selectedItems(requireIdentity(request), request.body));

  route(app, ctx, endpoints.selectFirstLastContacts, (request) => ctx.contacts.selectFirstLast(requireIdentity(request), request.body));

  route(app, ctx, endpoints.createContact, (request) => ctx.contacts.create(requireIdentity(request), request.body));

  route(app, ctx, endpoints.showContact, (request) =>
    ctx.contacts.show(requireIdentity(request), request.params.id, { keepNew: request.query.not_remove_new_tag }),
  );

  route(app, ctx, endpoints.updateContact, (request) => ctx.contacts.update(requireIdentity(request), request.params.id, request.body));

  route(app, ctx, endpoints.quickUpdateContact, (request) =>
    ctx.contacts.quickUpdate(requireIdentity(request), request.params.id, request.body),
  );

  route(app, ctx, endpoints.updateContactNote, (request) =>
    ctx.contacts.updateNote(requireIdentity(request), request.params.id, request.body.note),
  );

  route(app, ctx, endpoints.assignContactToMe, (request) => ctx.contacts.assignToMe(requireIdentity(request), request.params.id));

  route(app, ctx, endpoints.destroyContacts, (request) => ctx.contacts.setTrashed(requireIdentity(request), request.body, true));

  route(app, ctx, endpoints.restoreContacts, (request) => ctx.contacts.setTrashed(requireIdentity(request), request.body, false));
}
