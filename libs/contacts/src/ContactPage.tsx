import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type Contact } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Notice, Spinner, Tabs, toast } from '@crm/ui';
import { formatDate } from '@crm/util';
import { ActivityBar } from './contact-page/ActivityBar';
import { ContactTags } from './contact-page/ContactTags';
import { DataCaptureTab } from './contact-page/DataCaptureTab';
import { EmailsPanel } from './contact-page/EmailsPanel';
import { FilesTab } from './contact-page/FilesTab';
import { LinkedContactPanel } from './contact-page/LinkedContactPanel';
import { MedicarePanel } from './contact-page/MedicarePanel';
import { NotesTab } from './contact-page/NotesTab';
import { OverviewTab } from './contact-page/OverviewTab';
import { PoliciesTab } from './contact-page/PoliciesTab';
import { RxTab } from './contact-page/RxTab';
import { TransfersTab } from './contact-page/TransfersTab';
import { SecuritiesTab } from './contact-page/SecuritiesTab';
import { CONTACT_TAB_LABELS, CONTACT_TABS, useContactTab, type ContactTab } from './contact-page/tabs';
import { contactKeys, contactQueryOptions } from './contacts-queries';
import { CATEGORY_LABELS, contactName } from './labels';

/**
 * /contacts/:id: the contact's header (name, category, owner, tags, last activity and the quick
 * actions: log an activity, assign to me, delete, restore from the trash), its tabs (`?tab=`:
 * overview, notes, files, policies, securities, data capture, prescriptions) and a side column with
 * the e-mail checks, the linked contact and Medicare quoting.
 */
export function ContactPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const [tab, setTab] = useContactTab();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({ ...contactQueryOptions(client, id), enabled: valid });

  // Status messages belong to the tab they were said on: another tab (chosen, or from the
  // address) starts without them, the page's notice and any toast alike. (Arriving on the page
  // keeps a toast that led here, such as a merge's.)
  const [shownTab, setShownTab] = useState(tab);
  if (shownTab !== tab) {
    setShownTab(tab);
    setNotice(null);
  }
  const toastsTab = useRef(tab);
  useEffect(() => {
    if (toastsTab.current === tab) return;
    toastsTab.current = tab;
    toast.dismiss();
  }, [tab]);

  // Viewing removed the "new" marker: the list shows it no longer.
  useEffect(() => {
    if (query.isSuccess) void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
  }, [query.isSuccess, queryClient]);

  const setContact = (answer: { data: Contact }) => queryClient.setQueryData(contactKeys.detail(id), answer);
  const assign = useMutation({
    mutationFn: () => client.call('assignContactToMe', { params: { id } }),
    onSuccess: async (answer) => {
      setContact(answer);
      setNotice('The contact is now yours.');
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
  const destroy = useMutation({
    mutationFn: () => client.call('destroyContacts', { body: { ids: [id] } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      navigate('/contacts');
    },
  });
  const restore = useMutation({
    mutationFn: () => client.call('restoreContacts', { body: { ids: [id] } }),
    onSuccess: async () => {
      setNotice('The contact has been restored.');
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });

  if (!valid || (query.isError && query.error && 'status' in query.error && query.error.status === 404)) {
    return (
      <EmptyState
        title="Contact not found"
        description="It may have been deleted, or it is not one you can see."
        action={<Link to="/contacts">Back to contacts</Link>}
      />
    );
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading contact" />
      </div>
    );
  }
  if (query.isError) return <FormError message={apiErrorMessage(query.error)} />;

  const contact = query.data;
  const name = contactName(contact);
  const live = !contact.deleted_at;
  const actionError = assign.error ?? destroy.error ?? restore.error;

  const panels: Record<ContactTab, ReactNode> = {
    overview: <OverviewTab contact={contact} zone={zone} onSaved={() => setNotice('The contact has been saved.')} />,
    notes: <NotesTab contactId={id} zone={zone} userId={user?.id ?? null} />,
    files: <FilesTab contactId={id} zone={zone} />,
    policies: <PoliciesTab contactId={id} />,
    securities: <SecuritiesTab contactId={id} />,
    data_capture: <DataCaptureTab contactId={id} zone={zone} />,
    rx: <RxTab contactId={id} zone={zone} />,
    transfers: <TransfersTab contactId={id} zone={zone} />,
  };

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/contacts" className="text-primary underline-offset-2 hover:underline">
          Contacts
        </Link>
      </nav>
      <header className="flex flex-col gap-3 border-b border-border pb-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-semibold">{name}</h1>
            <p className="text-sm text-muted">
              {CATEGORY_LABELS[contact.category]} · Owner: {contact.owner.name}
              {contact.deleted_at && ` · In the trash since ${formatDate(contact.deleted_at, zone)}`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {contact.deleted_at ? (
              <Button type="button" loading={restore.isPending} onClick={() => restore.mutate()}>
                Restore
              </Button>
            ) : (
              <>
                {contact.owner.id !== user?.id && (
                  <Button type="button" variant="secondary" loading={assign.isPending} onClick={() => assign.mutate()}>
                    Assign to me
                  </Button>
                )}
                <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              </>
            )}
          </div>
        </div>
        <ContactTags contact={contact} editable={live} />
        <ActivityBar contact={contact} zone={zone} editable={live} />
      </header>
      <Notice message={notice} />
      <FormError message={actionError ? apiErrorMessage(actionError) : null} />

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Tabs
          aria-label="Contact sections"
          value={tab}
          onValueChange={setTab}
          className="min-w-0"
          tabs={CONTACT_TABS.map((value) => ({
            value,
            label: CONTACT_TAB_LABELS[value],
            content: panels[value],
          }))}
        />
        <aside aria-label="Contact details" className="flex flex-col gap-6">
          <EmailsPanel contact={contact} zone={zone} editable={live} />
          <LinkedContactPanel contact={contact} editable={live} />
          <MedicarePanel contact={contact} zone={zone} editable={live} />
        </aside>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${name}?`}
        description="The contact moves to the trash, from where it can be restored."
        confirmLabel="Delete"
        onConfirm={() => destroy.mutate()}
        pending={destroy.isPending}
      />
    </div>
  );
}
