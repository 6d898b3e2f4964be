import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { ApiClientProvider, ApiError, type ApiClient } from '@crm/api-client';
import type { CurrentUser, EndpointName } from '@crm/contract';
import { createSessionBridge, SessionProvider } from '@crm/session';

type Options = { params?: unknown; query?: unknown; body?: unknown } | undefined;
type Handler = (options: Options) => unknown;
export type Handlers = Partial<Record<EndpointName, Handler>>;
export type FakeClient = ApiClient & { call: Mock };

/** A fake api-client: `call(name, options)` answers with the handler for `name`, asynchronously. */
export function createFakeClient(handlers: Handlers, onUnauthorized?: (error: ApiError) => void) {
  const call = vi.fn(async (name: EndpointName, options?: Options) => {
    const handler = handlers[name];
    if (!handler) throw new Error(`No fake handler for ${name}`);
    await Promise.resolve();
    try {
      return await handler(options);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized?.(error);
      throw error;
    }
  });
  return {
    call,
    request: vi.fn(),
    download: vi.fn(),
    saveDownload: vi.fn(),
    abortAll: vi.fn(),
  } as unknown as FakeClient;
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Calls of one endpoint: the options each call got. */
export function callsOf(client: FakeClient, name: EndpointName): Options[] {
  return client.call.mock.calls
    .filter(([called]) => called === name)
    .map(([, options]) => options as Options);
}

export type RenderAccountOptions = {
  path?: string;
  user: CurrentUser;
  handlers?: Handlers;
  element: ReactElement;
};

/** Renders `element` at `path` for a signed-in `user` (GET /auth/profile answers it). */
export function renderAccount({
  path = '/account/profile',
  user,
  handlers = {},
  element,
}: RenderAccountOptions) {
  const bridge = createSessionBridge();
  const client = createFakeClient({ authProfile: () => user, ...handlers }, bridge.onUnauthorized);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 2000 }, mutations: { retry: false } },
  });
  const [pathname] = path.split('?');
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              element={
                <SessionProvider bridge={bridge} initialUser={user}>
                  <LocationProbe />
                  <Outlet />
                </SessionProvider>
              }
            >
              <Route path={pathname} element={element} />
              <Route path="/login" element={<h1>Login page</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...result, client, queryClient };
}
