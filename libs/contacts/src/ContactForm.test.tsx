import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import type { Contact } from '@crm/contract';
import { callsOf, contactFixture } from '@crm/testing';
import { ContactForm } from './ContactForm';
import { polyfillPointer, renderContacts } from './test/render';

const lookups = {
  listStatuses: () => ({ data: [{ id: 1, title: 'New lead' }] }),
  listSources: () => ({ data: [] }),
  findContactDuplicates: () => ({ data: [] }),
};

const twin = {
  id: 77,
  first_name: 'Anna',
  last_name: 'Leigh',
  owner: { id: 3, name: 'Sam Agent' },
  phones: ['15551234567'],
  emails: [],
};

const saved: Contact = contactFixture({
  id: 41,
  first_name: 'Ann',
  last_name: 'Lee',
  phones: [{ id: 1, number: '15551234567', phone_type: 2 }],
  new: true,
});

describe('ContactForm', () => {
  beforeAll(polyfillPointer);

  it('shows the schema errors beside the fields without calling the API', async () => {
    const { client } = renderContacts({
      path: '/contacts/new',
      routes: { '/contacts/new': <ContactForm onSaved={vi.fn()} /> },
      handlers: lookups,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add phone' }));
    await userEvent.type(screen.getByLabelText('Phone 1'), '55512');
    await userEvent.click(screen.getByRole('button', { name: 'Create contact' }));
    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Phone must have 10 or 11 digits')).toBeVisible();
    expect(callsOf(client, 'createContact')).toHaveLength(0);
  });

  it('puts the messages of a 422 beside their fields and keeps what was typed', async () => {
    const onSaved = vi.fn();
    const { client } = renderContacts({
      path: '/contacts/new',
      routes: { '/contacts/new': <ContactForm onSaved={onSaved} /> },
      handlers: {
        ...lookups,
        createContact: () => {
          throw new ApiError(422, { errors: { city: ['City is not served'], 'phones.0.number': 'Phone is already taken' } });
        },
      },
    });
    await userEvent.type(screen.getByLabelText(/First name/), 'Ann');
    await userEvent.type(screen.getByLabelText('City'), 'Springfield');
    await userEvent.click(screen.getByRole('button', { name: 'Add phone' }));
    await userEvent.type(screen.getByLabelText('Phone 1'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Create contact' }));

    expect(await screen.findByText('City is not served')).toBeVisible();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Phone is already taken')).toBeVisible();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ann');
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    expect(screen.getByLabelText('Phone 1')).toHaveValue('555-123-4567');
    expect(onSaved).not.toHaveBeenCalled();
    expect(callsOf(client, 'createContact')[0]?.body).toMatchObject({
      first_name: 'Ann',
      city: 'Springfield',
      timezone: 'est',
      phones: [{ number: '5551234567', phone_type: 2 }],
    });
  });

  it('saves an edited contact with PATCH', async () => {
    const onSaved = vi.fn();
    const { client } = renderContacts({
      path: '/c',
      routes: { '/c': <ContactForm contact={saved} onSaved={onSaved} /> },
      handlers: { ...lookups, updateContact: () => ({ data: { ...saved, last_name: 'Leeds' } }) },
    });
    expect(screen.getByLabelText('Phone 1')).toHaveValue('1-555-123-4567');
    await userEvent.type(screen.getByLabelText('Last name'), 'ds');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsOf(client, 'updateContact')[0]).toMatchObject({ params: { id: 41 }, body: { last_name: 'Leeds' } });
  });

  it('keeps names in any language whole, typed or pasted, and filters the city as text', async () => {
    const onSaved = vi.fn();
    const { client } = renderContacts({
      path: '/contacts/new',
      routes: { '/contacts/new': <ContactForm onSaved={onSaved} /> },
      handlers: { ...lookups, createContact: () => ({ data: saved }) },
    });
    await userEvent.type(screen.getByLabelText(/First name/), 'Zoë');
    await userEvent.click(screen.getByLabelText('Last name'));
    await userEvent.paste("O'Connor-Ñúñez");
    await userEvent.click(screen.getByLabelText('City'));
    await userEvent.paste("Łódź St. John's");
    expect(screen.getByLabelText(/First name/)).toHaveValue('Zoë');
    expect(screen.getByLabelText('Last name')).toHaveValue("O'Connor-Ñúñez");
    expect(screen.getByLabelText('City')).toHaveValue('Łódź St Johns');
    await userEvent.click(screen.getByRole('button', { name: 'Create contact' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsOf(client, 'createContact')[0]?.body).toMatchObject({
      first_name: 'Zoë',
      last_name: "O'Connor-Ñúñez",
      city: 'Łódź St Johns',
    });
  });

  it('shows the contact that already has the phone and asks before saving: go back, then save anyway', async () => {
    const onSaved = vi.fn();
    const { client } = renderContacts({
      path: '/contacts/new',
      routes: { '/contacts/new': <ContactForm onSaved={onSaved} /> },
      handlers: { ...lookups, findContactDuplicates: () => ({ data: [twin] }), createContact: () => ({ data: saved }) },
    });
    await userEvent.type(screen.getByLabelText(/First name/), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Add phone' }));
    await userEvent.type(screen.getByLabelText('Phone 1'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Create contact' }));

    const heading = await screen.findByRole('heading', { name: 'Another contact has this phone or e-mail' });
    expect(heading).toHaveFocus();
    const link = screen.getByRole('link', { name: /Anna Leigh/ });
    expect(link).toHaveAttribute('href', '/contacts/77');
    expect(screen.getByText(/1-555-123-4567; owner Sam Agent/)).toBeVisible();
    expect(callsOf(client, 'findContactDuplicates')[0]?.body).toEqual({ phones: ['15551234567'], emails: [] });
    expect(callsOf(client, 'createContact')).toHaveLength(0);

    // go back: nothing saved, the form as typed, focus on the save button
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('heading', { name: /Another contact/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create contact' })).toHaveFocus();
    expect(callsOf(client, 'createContact')).toHaveLength(0);

    // asked again on the next try; "Save anyway" saves without asking once more
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsOf(client, 'findContactDuplicates')).toHaveLength(2);
    expect(callsOf(client, 'createContact')).toHaveLength(1);
  }, 20_000);

  it('on edit asks only about phones and e-mails the contact did not have, never about itself', async () => {
    const onSaved = vi.fn();
    const { client } = renderContacts({
      path: '/c',
      routes: { '/c': <ContactForm contact={saved} onSaved={onSaved} /> },
      handlers: { ...lookups, updateContact: () => ({ data: saved }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add email' }));
    await userEvent.type(screen.getByLabelText('Email 1'), 'Ann.Lee@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsOf(client, 'findContactDuplicates')[0]?.body).toEqual({ phones: [], emails: ['ann.lee@example.com'], contact_id: 41 });
  }, 20_000);
});
