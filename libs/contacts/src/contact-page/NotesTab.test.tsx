import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, type CallOptions } from '@crm/testing';
import { NotesTab } from './NotesTab';
import { noteFixture, notesPage, renderPiece, unprocessable, ZONE } from './test/fixtures';

const notes = [
  noteFixture(2, { body: 'Called back, wants a quote', created_at: '2026-03-06T14:05:00Z', updated_at: '2026-03-06T14:05:00Z' }),
  noteFixture(1, { body: 'Met at the fair', author: { id: 9, name: 'Bo Manager' } }),
];
const queryOf = (options: CallOptions) => options?.query as { q?: string; page: number; limit: number };

describe('NotesTab', () => {
  it('lists the notes newest first with author and time in the user zone; only own notes can be changed', async () => {
    const { client } = renderPiece(<NotesTab contactId={5} zone={ZONE} userId={7} />, {
      listContactNotes: () => notesPage(notes),
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ann Agent · 03/06/2026 9:05 AM');
    expect(items[0]).toHaveTextContent('Called back, wants a quote');
    expect(items[1]).toHaveTextContent('Bo Manager · 03/05/2026 10:30 AM');
    expect(within(items[0]!).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(items[1]!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(callsOf(client, 'listContactNotes')[0]).toMatchObject({ params: { id: 5 }, query: { page: 1, limit: 25 } });
  });

  it('searches 500 ms after the last keystroke', async () => {
    const { client } = renderPiece(<NotesTab contactId={5} zone={ZONE} userId={7} />, {
      listContactNotes: (options) => notesPage(queryOf(options).q ? [] : notes),
    });
    await screen.findByRole('list', { name: 'Notes' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'fair');
    expect(callsOf(client, 'listContactNotes').some((call) => queryOf(call).q)).toBe(false);
    expect(await screen.findByText('No notes match your search.')).toBeVisible();
    expect(callsOf(client, 'listContactNotes').map((call) => queryOf(call).q).filter(Boolean)).toEqual(['fair']);
  });

  it('adds a note and empties the field', async () => {
    let saved = [...notes];
    const { client } = renderPiece(<NotesTab contactId={5} zone={ZONE} userId={7} />, {
      listContactNotes: () => notesPage(saved),
      createContactNote: (options) => {
        const created = noteFixture(3, { body: (options?.body as { body: string }).body });
        saved = [created, ...saved];
        return { data: created };
      },
    });
    await screen.findByRole('list', { name: 'Notes' });
    await userEvent.type(screen.getByLabelText('New note'), 'Prefers e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Prefers e-mail')).toBeVisible();
    expect(callsOf(client, 'createContactNote')).toEqual([{ params: { id: 5 }, body: { body: 'Prefers e-mail' } }]);
    expect(screen.getByLabelText('New note')).toHaveValue('');
    expect(await screen.findByText('Note added.')).toBeVisible();
  });

  it('checks the note before sending, and keeps the text beside a 422', async () => {
    const { client } = renderPiece(<NotesTab contactId={5} zone={ZONE} userId={7} />, {
      listContactNotes: () => notesPage([]),
      createContactNote: () => {
        throw unprocessable({ body: 'Note is too long for this contact' });
      },
    });
    await screen.findByText('No notes yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note is required')).toBeVisible();
    expect(callsOf(client, 'createContactNote')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('New note'), 'Keep me');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note is too long for this contact')).toBeVisible();
    expect(screen.getByLabelText('New note')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New note')).toHaveValue('Keep me');
  });

  it('edits an own note', async () => {
    const { client } = renderPiece(<NotesTab contactId={5} zone={ZONE} userId={7} />, {
      listContactNotes: () => notesPage(notes),
      updateContactNoteRecord: (options) => ({ data: noteFixture(2, { body: (options?.body as { body: string }).body }) }),
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    await userEvent.click(within(list).getAllByRole('button', { name: 'Edit' })[0]!);
    const field = screen.getByLabelText('Edit note');
    expect(field).toHaveValue('Called back, wants a quote');
    await userEvent.clear(field);
    await userEvent.type(field, 'Called back twice');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(screen.queryByLabelText('Edit note')).not.toBeInTheDocument());
    expect(callsOf(client, 'updateContactNoteRecord')).toEqual([{ params: { id: 5, noteId: 2 }, body: { body: 'Called back twice' } }]);
  });

  it('deletes an own note after confirming', async () => {
    let saved = [...notes];
    const { client } = renderPiece(<NotesTab contactId={5} zone={ZONE} userId={7} />, {
      listContactNotes: () => notesPage(saved),
      deleteContactNote: () => {
        saved = saved.filter((note) => note.id !== 2);
        return undefined;
      },
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    expect(callsOf(client, 'deleteContactNote')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(screen.queryByText('Called back, wants a quote')).not.toBeInTheDocument());
    expect(callsOf(client, 'deleteContactNote')).toEqual([{ params: { id: 5, noteId: 2 } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads more notes page by page', async () => {
    const { client } = renderPiece(<NotesTab contactId={5} zone={ZONE} userId={7} />, {
      listContactNotes: (options) =>
        queryOf(options).page === 1 ? notesPage([notes[0]!], 1, 2) : notesPage([notes[1]!], 2, 2),
    });
    await screen.findByText('Called back, wants a quote');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Met at the fair')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsOf(client, 'listContactNotes').map((call) => queryOf(call).page)).toEqual([1, 2]);
  });
});
