import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createTestQueryClient, mockApiClient, TestProviders, testBrand } from '@crm/testing';
import { Analytics, type AnalyticsProps } from './Analytics';
import { googleTagSrc } from './google-tag';

type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: unknown };

afterEach(() => {
  for (const script of Array.from(document.querySelectorAll('script'))) script.remove();
  delete (window as AnalyticsWindow).dataLayer;
  delete (window as AnalyticsWindow).gtag;
});

function tagScripts(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[src^="https://www.googletagmanager.com/"]'));
}

/** The gtag() calls queued on the data layer, as arrays. */
function gtagCalls(): unknown[][] {
  return ((window as AnalyticsWindow).dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function pageViews(): unknown[][] {
  return gtagCalls().filter(([command]) => command === 'config');
}

function renderAnalytics({ analyticsId, ...props }: AnalyticsProps & { analyticsId: string | null }, path = '/') {
  const router = createMemoryRouter(
    [{ path: '*', element: <Analytics {...props} /> }],
    { initialEntries: [path] },
  );
  const { client } = mockApiClient(async (name) => {
    throw new Error(`unexpected call ${name}`);
  });
  const ui = (
    <StrictMode>
      <TestProviders client={client} queryClient={createTestQueryClient()} brand={{ ...testBrand, analyticsId }}>
        <RouterProvider router={router} />
      </TestProviders>
    </StrictMode>
  );
  const result = render(ui);
  return { ...result, router, rerender: () => result.rerender(ui) };
}

describe('Analytics', () => {
  it('adds no script and no gtag without an analytics id', () => {
    renderAnalytics({ analyticsId: null });
    expect(tagScripts()).toEqual([]);
    expect((window as AnalyticsWindow).gtag).toBeUndefined();
  });

  it('adds the async Google tag once, also across re-renders and a second instance', () => {
    const { rerender } = renderAnalytics({ analyticsId: 'G-TEST123' });
    rerender();
    rerender();
    renderAnalytics({ analyticsId: 'G-TEST123' });
    const scripts = tagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(scripts[0]?.async).toBe(true);
    expect(googleTagSrc('G-TEST123')).toBe(scripts[0]?.getAttribute('src'));
    expect(gtagCalls()[0]?.[0]).toBe('js');
  });

  it('records the first page and every route change with page_path, once each', async () => {
    const { router, rerender } = renderAnalytics({ analyticsId: 'G-TEST123' }, '/contacts?tab=notes');
    expect(pageViews()).toEqual([['config', 'G-TEST123', { page_path: '/contacts?tab=notes' }]]);

    await act(() => router.navigate('/account/profile'));
    rerender();
    await act(() => router.navigate('/account/profile?tab=password'));
    expect(pageViews()).toEqual([
      ['config', 'G-TEST123', { page_path: '/contacts?tab=notes' }],
      ['config', 'G-TEST123', { page_path: '/account/profile' }],
      ['config', 'G-TEST123', { page_path: '/account/profile?tab=password' }],
    ]);
  });

  it('stays out of a page that has its own tracking code', async () => {
    const { router } = renderAnalytics({ analyticsId: 'G-TEST123', ownTrackingCode: true });
    await act(() => router.navigate('/elsewhere'));
    expect(tagScripts()).toEqual([]);
    expect(pageViews()).toEqual([]);
  });
});
