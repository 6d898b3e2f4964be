import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { NavigationPending, RoutePending } from './RoutePending';

/** A lazy route whose module arrives when the test says so. */
function deferredScreen(text: string) {
  let resolve!: () => void;
  const loaded = new Promise<void>((done) => (resolve = done));
  const lazy = async () => {
    await loaded;
    return { Component: () => <h1>{text}</h1> };
  };
  return { lazy, arrive: resolve };
}

describe('RoutePending', () => {
  it('stands in for the first screen while its code loads, then gives way to it', async () => {
    const contacts = deferredScreen('Contacts');
    const router = createMemoryRouter(
      [{ element: <Outlet />, hydrateFallbackElement: <RoutePending />, children: [{ path: '/contacts', lazy: contacts.lazy }] }],
      { initialEntries: ['/contacts'] },
    );
    render(<RouterProvider router={router} />);
    const pending = screen.getByRole('status');
    expect(pending).toHaveTextContent('Loading the page');
    // It fades in only after a moment (a fast load shows nothing): the delay is in the animation.
    expect(pending.parentElement).toHaveClass('animate-appear-late');

    await act(async () => contacts.arrive());
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).not.toBeInTheDocument();
  });
});

describe('NavigationPending', () => {
  it('keeps the screen in view and shows a status while the next screen loads', async () => {
    const next = deferredScreen('Import');
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <NavigationPending />
              <Outlet />
            </>
          ),
          children: [
            { path: '/contacts', element: <h1>Contacts</h1> },
            { path: '/contacts/import', lazy: next.lazy },
          ],
        },
      ],
      { initialEntries: ['/contacts'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    let navigation!: Promise<void>;
    act(() => {
      navigation = router.navigate('/contacts/import');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the page');
    expect(screen.getByRole('status')).toHaveClass('animate-appear-late');
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();

    await act(async () => {
      next.arrive();
      await navigation;
    });
    expect(screen.getByRole('heading', { name: 'Import' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
