import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import type { ApiClient } from '@crm/api-client';
import { createSessionBridge, SessionProvider, type SessionBridge } from '@crm/session';
import { createTestQueryClient, TestProviders, testBrand } from '@crm/testing';
import type { AppEnvironment, BrandConfig } from '@crm/variant';

export type RenderAppOptions = {
  routes: RouteObject[];
  path: string;
  client: ApiClient;
  brand?: BrandConfig;
  environment?: AppEnvironment;
  /** Where the client's 401s go (give the same bridge to createApiClient). */
  bridge?: SessionBridge;
};

/** Renders routes the way an app does: query client, api-client, brand, session, toasts. */
export function renderApp({
  routes,
  path,
  client,
  brand = testBrand,
  environment = 'production',
  bridge = createSessionBridge(),
}: RenderAppOptions) {
  // React Query's default staleTime (0): every mount may refetch, so the session tests see it.
  const queryClient = createTestQueryClient({ staleTime: 0 });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider bridge={bridge}>
            <Outlet />
          </SessionProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <TestProviders
      client={client}
      queryClient={queryClient}
      brand={brand}
      environment={environment}
      toaster
    >
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}
