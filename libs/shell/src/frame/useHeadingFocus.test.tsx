import { useRef, useState, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider, useSearchParams } from 'react-router-dom';
import { useHeadingFocus } from './useHeadingFocus';

function Frame() {
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <>
      <nav aria-label="Main">
        <Link to="/">Home</Link> <Link to="/contacts">Contacts</Link> <Link to="/slow">Slow</Link>{' '}
        <Link to="/contacts?tab=notes">Notes tab</Link>
      </nav>
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

/** A screen that shows its heading only after "loading". */
function Slow({ release }: { release: Promise<void> }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void release.then(() => setReady(true));
  }, [release]);
  return ready ? <h1>Slow page</h1> : <p>Loading…</p>;
}

function Contacts() {
  const [params] = useSearchParams();
  return (
    <>
      <h1>Contacts</h1>
      <p>Tab {params.get('tab') ?? 'overview'}</p>
      <input aria-label="Search" />
    </>
  );
}

function renderFrame(path: string, release: Promise<void> = Promise.resolve()) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: 'contacts', element: <Contacts /> },
          { path: 'slow', element: <Slow release={release} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useHeadingFocus', () => {
  it('leaves a page loaded fresh alone, and focuses the new page’s h1 (tabIndex -1) after a navigation', async () => {
    renderFrame('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Contacts' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('waits for a screen that shows its heading later', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderFrame('/', released);
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(await screen.findByText('Loading…')).toBeVisible();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toHaveFocus();
  });

  it('does not move the focus for a change of the query only', async () => {
    renderFrame('/');
    await userEvent.click(screen.getByRole('link', { name: 'Contacts' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.click(screen.getByRole('link', { name: 'Notes tab' }));
    expect(await screen.findByText('Tab notes')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Notes tab' })).toHaveFocus();
  });

  it('sign-in: the first screen after navigating from the login page gets the focus', async () => {
    const router = renderFrame('/contacts');
    await act(() => router.navigate('/', { replace: true }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toHaveFocus();
  });
});
