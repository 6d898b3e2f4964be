import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { isValidElement, type ReactElement } from 'react';
import { SCREEN_RELOAD_KEY, lazyScreen } from './lazy-screen';

function Greeting({ name = 'you' }: { name?: string }) {
  return <p>Hello {name}</p>;
}

const reload = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, href: 'http://localhost/contacts', reload });
});

afterEach(() => vi.unstubAllGlobals());

describe('lazyScreen', () => {
  it("gives the router the module's screen", async () => {
    const route = await lazyScreen(async () => ({ Component: Greeting }))();
    expect(route).toEqual({ Component: Greeting });
  });

  it('renders the screen with the props it is given', async () => {
    const route = await lazyScreen(async () => ({ Component: Greeting }), { name: 'Pat' })();
    expect(isValidElement(route.element)).toBe(true);
    render(route.element as ReactElement);
    expect(screen.getByText('Hello Pat')).toBeInTheDocument();
  });

  it('reloads the page once when the code cannot be fetched (a release replaced it), and keeps waiting', async () => {
    const failed = lazyScreen(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))();
    const settled = vi.fn();
    void failed.then(settled, settled);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(SCREEN_RELOAD_KEY)).toBe('http://localhost/contacts');
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
  });

  it('gives the error to the route after the reload did not help, and reloads again only after a success', async () => {
    sessionStorage.setItem(SCREEN_RELOAD_KEY, 'http://localhost/contacts');
    const error = new TypeError('Failed to fetch dynamically imported module');
    await expect(lazyScreen(() => Promise.reject(error))()).rejects.toBe(error);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SCREEN_RELOAD_KEY)).toBeNull();
  });

  it('forgets an earlier reload once a screen loads', async () => {
    sessionStorage.setItem(SCREEN_RELOAD_KEY, 'http://localhost/contacts');
    await lazyScreen(async () => ({ Component: Greeting }))();
    expect(sessionStorage.getItem(SCREEN_RELOAD_KEY)).toBeNull();
  });
});
