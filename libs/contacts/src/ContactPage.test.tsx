import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityType, Contact, ContactNote } from '@crm/contract';
import { callsOf, contactFixture, type CallOptions, type Handlers } from '@crm/testing';
import { buttonClassName, Toaster } from '@crm/ui';
import { ContactPage } from './ContactPage';
import { notesPage, unprocessable } from './contact-page/test/fixtures';
import { polyfillPointer, renderContacts } from './test/render';
import { polyfillResizeObserver } from './test/resize-observer';

const DAY = 24 * 60 * 60 * 1000;
const email = (id: number, address: string) => ({ id, email: address, verified: false, verification: 'unchecked' as const, verified_at: null });

function renderPage(contact: Contact, handlers: Handlers = {}, path = `/contacts/${contact.id}`) {
  let current = contact;
  const answer = (next: Partial<Contact>) => {
    current = { ...current, ...next };
    return { data: current };
  };
  const result = renderContacts({
    path,
    routes: {
      '/contacts/:id': (
        <>
          <ContactPage />
          <Toaster />
        </>
      ),
    },
    handlers: { showContact: () => ({ data: current }), ...handlers },
  });
  return { ...result, answer };
}

/** A paragraph whose whole text is this (the moment is a <time> inside it). */
const paragraph = (text: string) => (_content: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

const bodyOf = (options: CallOptions) => options?.body as Record<string, unknown>;
const activityOf = (type: ActivityType) => ({ id: 41, type, outcome: null, note_id: null, created_at: new Date().toISOString() });

describe('ContactPage', () => {
  beforeAll(() => {
    polyfillPointer();
    polyfillResizeObserver();
  });

  it('opens the tab the address names and keeps the chosen tab in the address', async () => {
    renderPage(
      contactFixture({ id: 5 }),
      {
        listContactNotes: () => notesPage([]),
        showRxDetails: () => ({ data: { prescriptions: [], pharmacy: null, updated_at: null, updated_by: null } }),
        showDataCapture: () => ({ data: { data_captures: [], updated_at: null, updated_by: null } }),
      },
      '/contacts/5?tab=notes',
    );
    expect(await screen.findByRole('tab', { name: 'Notes', selected: true })).toBeVisible();
    expect(await screen.findByText('No notes yet.')).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Prescriptions' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/5?tab=rx');
    // The arrow keys move between tabs (and open them).
    expect(screen.getByRole('tab', { name: 'Prescriptions' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('tab', { name: 'Data capture', selected: true })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/5?tab=data_capture');
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/contacts\/5$/);
    expect(screen.getByRole('button', { name: 'Edit contact' })).toBeVisible();
  });

  it('clears the status messages (the notice and the toasts) when the tab changes', async () => {
    const { answer } = renderPage(contactFixture({ id: 5, owner: { id: 99, name: 'Other Agent' } }), {
      recordActivity: () => ({ ...answer({ last_activity_at: new Date().toISOString(), last_activity_type: 'call' }), activity: activityOf('call') }),
      assignContactToMe: () => answer({ owner: { id: 7, name: 'Ann Agent' } }),
      listContactNotes: () => notesPage([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log call' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Log call' })).getByRole('radio', { name: 'No answer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save call' }));
    expect(await screen.findByText('Call recorded.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('The contact is now yours.')).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByText('No notes yet.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Call recorded.')).toBeNull());
    expect(screen.queryByText('The contact is now yours.')).toBeNull();
  });

  it('shows the tags and the last activity, and records a call', async () => {
    const contact = contactFixture({
      id: 5,
      tags: [{ id: 1, name: 'Hot lead', color: '#b91c1c' }],
      last_activity_at: new Date(Date.now() - 3 * DAY).toISOString(),
      last_activity_type: 'call',
    });
    const { client, answer } = renderPage(contact, {
      recordActivity: (options) => ({
        ...answer({ last_activity_at: new Date().toISOString(), last_activity_type: bodyOf(options)['type'] as 'sms' }),
        activity: activityOf('sms'),
      }),
    });
    expect(await screen.findByText(paragraph('Last activity: Call, 3 days ago'))).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('Hot lead')).toHaveStyle({ backgroundColor: '#b91c1c' });

    await userEvent.click(screen.getByRole('button', { name: 'Log text' }));
    // a text has no outcome: only a note, which may stay empty
    const dialog = await screen.findByRole('dialog', { name: 'Log text' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save text' }));
    expect(await screen.findByText(paragraph('Last activity: Text, just now'))).toBeVisible();
    expect(callsOf(client, 'recordActivity')).toEqual([{ params: { id: 5 }, body: { type: 'sms', outcome: null, note: null } }]);
    for (const name of ['Log call', 'Log e-mail', 'Log appointment']) expect(screen.getByRole('button', { name })).toBeVisible();
  });

  it('logs a call with its outcome and a note (nothing is sent before Save, the outcome is asked for beside it), then undoes it', async () => {
    const contact = contactFixture({ id: 5, last_activity_at: new Date(Date.now() - 3 * DAY).toISOString(), last_activity_type: 'sms' });
    const { client, answer } = renderPage(contact, {
      recordActivity: () => ({ ...answer({ last_activity_at: new Date().toISOString(), last_activity_type: 'call' }), activity: { ...activityOf('call'), outcome: 'left_voicemail', note_id: 31 } }),
      undoActivity: () => answer({ last_activity_at: contact.last_activity_at, last_activity_type: 'sms' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call' });
    expect(dialog).toHaveAccessibleDescription('How the call went, and a note if you like: both go to the Notes tab. You can undo it afterwards.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save call' }));
    expect(await within(dialog).findByText('Choose how the call went')).toBeVisible();
    expect(within(dialog).getByRole('radiogroup', { name: 'Outcome' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(client, 'recordActivity')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Left a voicemail' }));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Call back Monday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save call' }));
    expect(await screen.findByText('Call recorded.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(paragraph('Last activity: Call, just now'))).toBeVisible();
    expect(callsOf(client, 'recordActivity')).toEqual([{ params: { id: 5 }, body: { type: 'call', outcome: 'left_voicemail', note: 'Call back Monday' } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Undo call' }));
    expect(await screen.findByText('Call removed.')).toBeVisible();
    expect(screen.getByText(paragraph('Last activity: Text, 3 days ago'))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Undo call' })).toBeNull();
    expect(callsOf(client, 'undoActivity')).toEqual([{ params: { id: 5, activityId: 41 } }]);
  });

  it('adds a Quick note to the Notes tab, whose count follows (Notes (0), then Notes (1))', async () => {
    const notes: ContactNote[] = [];
    const { client } = renderPage(contactFixture({ id: 5 }), {
      listContactNotes: () => notesPage([...notes]),
      createContactNote: (options) => {
        const note = { id: 31, body: bodyOf(options)['body'] as string, author: { id: 7, name: 'Ann Agent' }, created_at: '2026-03-05T15:30:00Z', updated_at: '2026-03-05T15:30:00Z' };
        notes.unshift(note);
        return { data: note };
      },
    }, '/contacts/5?tab=notes');
    expect(await screen.findByRole('heading', { name: 'Notes (0)' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    const form = await screen.findByRole('form', { name: 'Quick note' });
    await userEvent.type(within(form).getByLabelText('Quick note'), 'Called back, wants a Medigap quote');
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeVisible();
    // the field is empty for the next note
    await waitFor(() => expect(within(form).getByLabelText('Quick note')).toHaveValue(''));
    expect(callsOf(client, 'createContactNote')).toEqual([{ params: { id: 5 }, body: { body: 'Called back, wants a Medigap quote' } }]);

    await userEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByRole('heading', { name: 'Notes (1)' })).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Notes' })).getByText('Called back, wants a Medigap quote')).toBeVisible();
  });

  it('edits the tags: finds one, creates one with a colour, saves the list', async () => {
    const hot = { id: 1, name: 'Hot lead', color: '#b91c1c' };
    const medicare = { id: 2, name: 'Medicare 2026', color: '#1d4ed8' };
    const { client, answer } = renderPage(contactFixture({ id: 5, tags: [hot] }), {
      searchTags: (options) => {
        const q = (bodyOf(options)?.['q'] as string | null) ?? '';
        return { data: [hot, medicare].filter((tag) => tag.name.toLowerCase().includes(q.toLowerCase())) };
      },
      createTag: (options) => ({ data: { id: 9, ...(bodyOf(options) as { name: string; color: string }) } }),
      updateTagsSingle: () => answer({ tags: [hot, medicare, { id: 9, name: 'Spanish', color: '#047857' }] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Find tags' }), 'medi');
    await waitFor(() => expect(callsOf(client, 'searchTags').some((call) => bodyOf(call)['q'] === 'medi')).toBe(true));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Medicare 2026' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /New tag name/ }), 'Spanish');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Green' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(await within(dialog).findByRole('button', { name: 'Remove Spanish' })).toBeVisible();
    expect(callsOf(client, 'createTag')).toEqual([{ body: { name: 'Spanish', color: '#047857' } }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(client, 'updateTagsSingle')).toEqual([{ body: { contact_id: 5, tags: [1, 2, 9] } }]);
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('Spanish')).toBeVisible();
  });

  it('shows a 422 of a new tag beside its name and keeps it', async () => {
    renderPage(contactFixture({ id: 5 }), {
      searchTags: () => ({ data: [] }),
      createTag: () => {
        throw unprocessable({ name: 'A tag with this name already exists' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /New tag name/ }), 'Hot lead');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(await within(dialog).findByText('A tag with this name already exists')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /New tag name/ })).toHaveValue('Hot lead');
  });

  it('validates an e-mail and marks another verified', async () => {
    const contact = contactFixture({ id: 5, emails: [email(11, 'pat@example.com'), email(12, 'pat@work.example')] });
    const { client, answer } = renderPage(contact, {
      validateEmail: () =>
        answer({ emails: [{ ...email(11, 'pat@example.com'), verification: 'invalid', verified_at: '2026-03-05T15:30:00Z' }, email(12, 'pat@work.example')] }),
      forceVerifyEmail: () =>
        answer({
          emails: [
            { ...email(11, 'pat@example.com'), verification: 'invalid', verified_at: '2026-03-05T15:30:00Z' },
            { ...email(12, 'pat@work.example'), verified: true, verification: 'forced', verified_at: '2026-03-05T15:31:00Z' },
          ],
        }),
    });
    const first = await screen.findByRole('group', { name: 'pat@example.com' });
    expect(screen.getAllByText('Not checked')).toHaveLength(2);
    // "Mark verified" looks like the button it is: bordered like "Validate" beside it, not bare text
    expect(within(first).getByRole('button', { name: 'Mark verified' }).className).toBe(buttonClassName({ variant: 'secondary', size: 'sm' }));
    expect(within(first).getByRole('button', { name: 'Validate' }).className).toBe(buttonClassName({ variant: 'secondary', size: 'sm' }));
    await userEvent.click(within(first).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Invalid')).toBeVisible();
    expect(screen.getByText('Checked 03/05/2026 10:30 AM')).toBeVisible();
    await userEvent.click(within(screen.getByRole('group', { name: 'pat@work.example' })).getByRole('button', { name: 'Mark verified' }));
    expect(await screen.findByText('Verified')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'pat@work.example' })).queryByRole('button', { name: 'Mark verified' })).not.toBeInTheDocument();
    expect(callsOf(client, 'validateEmail')).toEqual([{ params: { id: 5 }, body: { email_id: 11 } }]);
    expect(callsOf(client, 'forceVerifyEmail')).toEqual([{ params: { id: 5 }, body: { email_id: 12 } }]);
  });

  it('links a contact found by a search, and unlinks it', async () => {
    const spouse = contactFixture({ id: 8, first_name: 'Sam', last_name: 'Lee', city: 'Austin' });
    const { client, answer } = renderPage(contactFixture({ id: 5 }), {
      listContacts: () => ({
        data: [contactFixture({ id: 5 }), spouse],
        meta: { current_page: 1, limit: 10, total_count: 2, total_pages: 1, total_count_capped: false, next_cursor: null },
      }),
      showContact: (options) =>
        (options?.params as { id: number }).id === 8 ? { data: spouse } : answer({}),
      updateLinkedContact: (options) => answer({ linked_contact_id: bodyOf(options)['linked_contact_id'] as number | null }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Link a contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a contact' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Find a contact' }), 'Lee');
    const results = await within(dialog).findByRole('list', { name: 'Matching contacts' });
    expect(within(results).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(results).getByRole('button', { name: /Sam Lee/ }));
    expect(await screen.findByRole('link', { name: 'Sam Lee' })).toHaveAttribute('href', '/contacts/8');
    expect(callsOf(client, 'listContacts')[0]?.body).toEqual({ contacts_scope: { q: 'Lee', limit: 10 } });
    expect(callsOf(client, 'updateLinkedContact')[0]).toEqual({ params: { id: 5 }, body: { linked_contact_id: 8 } });
    expect(callsOf(client, 'showContact').find((call) => (call?.params as { id: number }).id === 8)?.query).toEqual({ not_remove_new_tag: true });

    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByRole('button', { name: 'Link a contact' })).toBeVisible();
    expect(callsOf(client, 'updateLinkedContact')[1]).toEqual({ params: { id: 5 }, body: { linked_contact_id: null } });
  });

  it('makes a contact ready for a Medicare quote, showing what is missing beside the fields', async () => {
    let tries = 0;
    const { client, answer } = renderPage(contactFixture({ id: 5, zip: '73301' }), {
      medicareImportContact: () => {
        tries += 1;
        if (tries === 1) throw unprocessable({ date_of_birth: 'Date of birth is required for a quote', gender: 'Gender is required for a quote' });
        return answer({ medicare_imported_at: '2026-03-05T15:30:00Z', date_of_birth: '1958-02-03', gender: 'female' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ready for Medicare quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ready for Medicare quote' });
    expect(within(dialog).getByLabelText(/^Zip/)).toHaveValue('73301');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make ready' }));
    expect(await within(dialog).findByText('Date of birth is required for a quote')).toBeVisible();
    expect(within(dialog).getByText('Gender is required for a quote')).toBeVisible();
    expect(within(dialog).getByLabelText(/^Date of birth/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(callsOf(client, 'medicareImportContact')[0])).toMatchObject({ zip: '73301', date_of_birth: null, gender: null });

    await userEvent.type(within(dialog).getByLabelText(/^Date of birth/), '1958-02-03');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Gender' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Female' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make ready' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Ready for a quote since 03/05/2026.')).toBeVisible();
    expect(bodyOf(callsOf(client, 'medicareImportContact')[1])).toMatchObject({ zip: '73301', date_of_birth: '1958-02-03', gender: 'female' });
  });

  it('offers no changes for a contact in the trash', async () => {
    renderPage(contactFixture({ id: 5, deleted_at: '2026-03-05T15:30:00Z', emails: [email(11, 'pat@example.com')] }));
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit tags' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ready for Medicare quote' })).not.toBeInTheDocument();
  });
});
