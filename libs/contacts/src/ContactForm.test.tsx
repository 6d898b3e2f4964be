import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import type { Contact } from '@crm/contract';
import { callsOf, contactFixture } from '@crm/testing';
import { ContactForm } from './ContactForm';
import { polyfillPointer, renderContacts } from './test/render';

const lookups = { listStatuses: () => ({ data: [{ id: 1, title: 'New lead' }] }), listSources: () => ({ data: [] }) };

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
});
