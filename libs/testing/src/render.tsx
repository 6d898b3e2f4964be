import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { render, type RenderResult } from '@testing-library/react';
import { ApiClientProvider, type ApiClient, type ApiError } from '@crm/api-client';
import { Toaster } from '@crm/ui';
import { BrandProvider, type AppEnvironment, type BrandConfig } from '@crm/variant';
import { createFakeClient, type FakeClient, type Handlers } from './fake-api-client';
import { createTestQueryClient } from './query-client';

export type TestProvidersProps = {
  client: ApiClient;
  queryClient: QueryClient;
  /** Wraps the children in a BrandProvider for this brand. */
  brand?: BrandConfig;
  environment?: AppEnvironment;
  /** Renders the toaster after the children, as the apps do. */
  toaster?: boolean;
  children: ReactNode;
};

/** The providers every screen needs: query client and api-client, and optionally brand and toasts. */
export function TestProviders({
  client,
  queryClient,
  brand,
  environment = 'production',
  toaster = false,
  children,
}: TestProvidersProps) {
  const content = (
    <>
      {children}
      {toaster && <Toaster />}
    </>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        {brand ? (
          <BrandProvider brand={brand} environment={environment}>
            {content}
          </BrandProvider>
        ) : (
          content
        )}
      </ApiClientProvider>
    </QueryClientProvider>
  );
}

/** Shows the current location (test id `location`), for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export type RenderRoutesOptions = {
  /** The initial location, query string included; `/` unless given. */
  path?: string;
  /** Answers of the fake api-client. */
  handlers?: Handlers;
  /** Where the fake client's 401s go, like the real client's `onUnauthorized`. */
  onUnauthorized?: (error: ApiError) => void;
  /** Route elements by path; `/login` gets a placeholder heading unless given. */
  routes?: Record<string, ReactElement>;
  /** Routes wrapped in the given element (for example <RequireSession />). */
  guarded?: Record<string, ReactElement>;
  guard?: ReactElement;
  /** Wraps the location probe and every route, for example in a SessionProvider. */
  layout?: (children: ReactNode) => ReactElement;
  /** Renders inside a BrandProvider for this brand (screens that read useBrand/useFlag). */
  brand?: BrandConfig;
  environment?: AppEnvironment;
};

export type RenderRoutesResult = RenderResult & {
  client: FakeClient;
  queryClient: QueryClient;
};

/**
 * Renders routes inside QueryClientProvider, ApiClientProvider (a fake client answering with
 * `handlers`) and a MemoryRouter, with a LocationProbe above the routes.
 */
export function renderRoutes(options: RenderRoutesOptions = {}): RenderRoutesResult {
  const client = createFakeClient(options.handlers ?? {}, options.onUnauthorized);
  const queryClient = createTestQueryClient();
  const routes: Record<string, ReactElement> = {
    '/login': <h1>Login page</h1>,
    ...options.routes,
  };
  const guarded: Record<string, ReactElement> = options.guarded ?? {};
  const probeAndOutlet = (
    <>
      <LocationProbe />
      <Outlet />
    </>
  );
  const tree = (
    <TestProviders
      client={client}
      queryClient={queryClient}
      brand={options.brand}
      environment={options.environment}
    >
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <Routes>
          <Route element={options.layout ? options.layout(probeAndOutlet) : probeAndOutlet}>
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            {options.guard && (
              <Route element={options.guard}>
                {Object.entries(guarded).map(([path, element]) => (
                  <Route key={path} path={path} element={element} />
                ))}
              </Route>
            )}
          </Route>
        </Routes>
      </MemoryRouter>
    </TestProviders>
  );
  return { ...render(tree), client, queryClient };
}
