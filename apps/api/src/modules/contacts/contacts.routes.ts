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

  route(app, ctx, endpoints.findContactDuplicates, (request) => ctx.contacts.duplicateCheck(requireIdentity(request), request.body));

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

  route(app, ctx, endpoints.updateTagsGroup, (request) => ctx.contacts.updateTagsGroup(requireIdentity(request), request.body));

  route(app, ctx, endpoints.updateTagsSingle, (request) => ctx.contacts.updateTagsSingle(requireIdentity(request), request.body));

  route(app, ctx, endpoints.destroyContacts, (request) => ctx.contacts.setTrashed(requireIdentity(request), request.body, true));

  route(app, ctx, endpoints.restoreContacts, (request) => ctx.contacts.setTrashed(requireIdentity(request), request.body, false));

  route(app, ctx, endpoints.recordActivity, (request) =>
    ctx.contactActions.recordActivity(requireIdentity(request), request.params.id, request.body),
  );

  route(app, ctx, endpoints.undoActivity, (request) =>
    ctx.contactActions.undoActivity(requireIdentity(request), request.params.id, request.params.activityId),
  );

  route(app, ctx, endpoints.forceVerifyEmail, (request) =>
    ctx.contactActions.forceVerifyEmail(requireIdentity(request), request.params.id, request.body?.email_id),
  );

  route(app, ctx, endpoints.validateEmail, (request) =>
    ctx.contactActions.validateEmail(requireIdentity(request), request.params.id, request.body?.email_id),
  );

  route(app, ctx, endpoints.updateLinkedContact, (request) =>
    ctx.contactActions.updateLinkedContact(requireIdentity(request), request.params.id, request.body.linked_contact_id),
  );

  route(app, ctx, endpoints.medicareImportContact, (request) =>
    ctx.contactActions.medicareImport(requireIdentity(request), request.params.id, request.body),
  );

  route(app, ctx, endpoints.mergeContacts, (request) => ctx.contactMerge.merge(requireIdentity(request), request.body));
}
