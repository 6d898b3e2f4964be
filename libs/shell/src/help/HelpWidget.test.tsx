import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import type { EndpointName } from '@crm/contract';
import { mockApiClient, testBrand } from '@crm/testing';
import { AppFrame } from '../frame/AppFrame';
import { HomePage } from '../pages/HomePage';
import { axeViolations } from '../test/axe';
import { testUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { HELP_SENT_MESSAGE } from './HelpWidget';

const helpBrand = {
  ...testBrand,
  helpWidget: true,
  supportEmail: 'help@test.example.com',
  supportPhone: '1-800-555-0199',
};

const routes = [
  {
    element: <AppFrame navItems={[{ to: '/', label: 'Dashboard', end: true }]} />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '/contacts', element: <h1>Contacts</h1> },
    ],
  },
];

type HelpHandler = (body: unknown) => unknown;

function renderFrame({ brand = helpBrand, path = '/', help }: { brand?: typeof helpBrand; path?: string; help?: HelpHandler } = {}) {
  const { client, call } = mockApiClient(async (name: EndpointName, options?: unknown) => {
    if (name === 'authProfile') return testUser();
    if (name === 'createHelpRequest' && help) return help((options as { body: unknown }).body);
    throw new Error(`unexpected call ${name}`);
  });
  return { ...renderApp({ routes, path, client, brand }), call };
}

async function openHelp() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Help' }));
  const dialog = await screen.findByRole('dialog', { name: 'Help' });
  return { user, dialog };
}

describe('HelpWidget', () => {
  it('is hidden when the brand has the help widget off', async () => {
    renderFrame({ brand: { ...helpBrand, helpWidget: false } });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana Reyes' });
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });

  it("shows the brand's support links and posts the request with the current page, then thanks and closes", async () => {
    const help = vi.fn(() => ({ data: { id: 7, created_at: '2026-01-01T00:00:00.000Z' } }));
    const { call } = renderFrame({ path: '/contacts?tab=notes', help });
    const { user, dialog } = await openHelp();

    expect(within(dialog).getByRole('link', { name: 'help@test.example.com' })).toHaveAttribute(
      'href',
      'mailto:help@test.example.com',
    );
    expect(within(dialog).getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute(
      'href',
      'tel:18005550199',
    );
    expect(await axeViolations()).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Subject/), 'Import stuck');
    await user.type(within(dialog).getByLabelText(/^Message/), 'My import has not finished.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(HELP_SENT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(call).toHaveBeenCalledWith('createHelpRequest', {
      body: { subject: 'Import stuck', message: 'My import has not finished.', page: '/contacts?tab=notes' },
    });
    expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus();

    // a sent request leaves an empty form for the next one
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(/^Subject/)).toHaveValue('');
  });

  it('checks the fields before sending', async () => {
    const help = vi.fn();
    renderFrame({ help });
    const { user, dialog } = await openHelp();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const subject = within(dialog).getByLabelText(/^Subject/);
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'));
    expect(subject).toHaveAccessibleDescription('Subject is required');
    expect(within(dialog).getByLabelText(/^Message/)).toHaveAccessibleDescription('Message is required');
    expect(help).not.toHaveBeenCalled();
  });

  it("shows the server's field errors beside the fields and keeps what was typed", async () => {
    renderFrame({
      help: () => {
        throw new ApiError(422, { errors: { subject: 'Subject is not allowed', message: ['Message is too rude'] } });
      },
    });
    const { user, dialog } = await openHelp();
    await user.type(within(dialog).getByLabelText(/^Subject/), 'Hello');
    await user.type(within(dialog).getByLabelText(/^Message/), 'Some text');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const subject = within(dialog).getByLabelText(/^Subject/);
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'));
    expect(subject).toHaveAccessibleDescription('Subject is not allowed');
    expect(subject).toHaveValue('Hello');
    const message = within(dialog).getByLabelText(/^Message/);
    expect(message).toHaveAccessibleDescription('Message is too rude');
    expect(message).toHaveValue('Some text');
    // still open: nothing was sent
    expect(screen.getByRole('dialog', { name: 'Help' })).toBeInTheDocument();
  });

  it('shows other failures beside the form and keeps the draft, also after closing the dialog', async () => {
    renderFrame({
      help: () => {
        throw new ApiError(500, { errors: { base: 'Something went wrong on our side. Please try again.' } });
      },
    });
    const { user, dialog } = await openHelp();
    await user.type(within(dialog).getByLabelText(/^Subject/), 'Draft');
    await user.type(within(dialog).getByLabelText(/^Message/), 'Keep me');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Draft');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const reopened = await screen.findByRole('dialog', { name: 'Help' });
    expect(within(reopened).getByLabelText(/^Subject/)).toHaveValue('Draft');
    expect(within(reopened).getByLabelText(/^Message/)).toHaveValue('Keep me');
  });
});
