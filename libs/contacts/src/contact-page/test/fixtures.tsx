import type { ReactElement } from 'react';
import { ApiError } from '@crm/api-client';
import type { ContactFile, ContactNote, Policy, Security } from '@crm/contract';
import type { Handlers } from '@crm/testing';
import { Toaster } from '@crm/ui';
import { renderContacts } from '../../test/render';

/** The test user's zone (makeUser's timezone est). */
export const ZONE = 'America/New_York';

/** A 422 answer naming fields, as the API sends it. */
export const unprocessable = (errors: Record<string, string>) => new ApiError(422, { errors });

/** Renders one piece of the contact page (with the toaster) for the signed-in agent (user 7). */
export function renderPiece(element: ReactElement, handlers: Handlers = {}) {
  return renderContacts({
    path: '/contacts/5',
    routes: {
      '/contacts/5': (
        <>
          {element}
          <Toaster />
        </>
      ),
    },
    handlers,
  });
}

export function noteFixture(id: number, overrides: Partial<ContactNote> = {}): ContactNote {
  return {
    id,
    body: `Note ${id}`,
    author: { id: 7, name: 'Ann Agent' },
    created_at: '2026-03-05T15:30:00Z',
    updated_at: '2026-03-05T15:30:00Z',
    ...overrides,
  };
}

export function notesPage(data: ContactNote[], page = 1, totalPages = 1) {
  return { data, meta: { current_page: page, limit: 25, total_count: data.length, total_pages: totalPages } };
}

export function fileFixture(id: number, overrides: Partial<ContactFile> = {}): ContactFile {
  return {
    id,
    file_name: `file-${id}.pdf`,
    content_type: 'application/pdf',
    byte_size: 1536,
    uploaded_by: { id: 7, name: 'Ann Agent' },
    created_at: '2026-03-05T15:30:00Z',
    ...overrides,
  };
}

export function policyFixture(id: number, overrides: Partial<Policy> = {}): Policy {
  return {
    id,
    contact_id: 5,
    carrier: { id: 3, name: 'Humana' },
    policy_type: 'medicare_advantage',
    policy_number: `H${id}`,
    status: 'pending',
    premium: 1234.5,
    premium_mode: 'monthly',
    face_amount: null,
    application_date: null,
    effective_date: '2026-04-01',
    termination_date: null,
    note: null,
    created_at: '2026-03-05T15:30:00Z',
    updated_at: '2026-03-05T15:30:00Z',
    ...overrides,
  };
}

export function securityFixture(id: number, overrides: Partial<Security> = {}): Security {
  return {
    id,
    contact_id: 5,
    security_type: 'ira',
    name: 'Retirement IRA',
    symbol: null,
    institution: 'Fidelity',
    account_number: '••••6789',
    quantity: null,
    value: 25000,
    as_of_date: '2026-01-31',
    note: null,
    created_at: '2026-03-05T15:30:00Z',
    updated_at: '2026-03-05T15:30:00Z',
    ...overrides,
  };
}

