import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { ApiClientProvider, ApiError, type ApiClient } from '@crm/api-client';
import type { EndpointName } from '@crm/contract';
import { SessionProvider } from '../SessionProvider';
import { createSessionBridge, type SessionBridge } from '../session-bridge';
import type { CurrentUser } from '@crm/contract';

type Handler = (
  options: { params?: unknown; query?: unknown; body?: unknown } | undefined,
) => unknown;
export type Handlers = Partial<Record<EndpointName, Handler>>;

export type FakeClient = ApiClient & { call: Mock };

/**
 * A fake api-client: `call(name, options)` runs the handler for `name` (a missing handler rejects).
 * A handler's ApiError is thrown after `onUnauthorized` for 401s, like the real client.
 */
export function createFakeClient(
  handlers: Handlers,
  onUnauthorized?: (error: ApiError) => void,
): FakeClient {
  const call = vi.fn(
    async (name: EndpointName, options?: { params?: unknown; query?: unknown; body?: unknown }) => {
      const handler = handlers[name];
      if (!handler) throw new Error(`No fake handler for ${name}`);
      try {
        await Promise.resolve();
        return await handler(options);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) onUnauthorized?.(error);
        throw error;
      }
    },
  );
  return {
    call,
    request: vi.fn(),
    download: vi.fn(),
    saveDownload: vi.fn(),
    abortAll: vi.fn(),
  } as unknown as FakeClient;
}

export function unauthorized(message = 'Invalid email or password', field = 'base'): ApiError {
  return new ApiError(401, { errors: { [field]: message } });
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 2000 }, mutations: { retry: false } },
  });
}

/** Shows the current location, for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export type RenderOptions = {
  path?: string;
  handlers?: Handlers;
  initialUser?: CurrentUser | null;
  /** Route elements by path; `/login` and `/` get simple placeholders unless given. */
  routes?: Record<string, ReactElement>;
  /** Routes wrapped in the given element (for example <RequireSession />). */
  guarded?: Record<string, ReactElement>;
  guard?: ReactElement;
};

export type RenderResult = ReturnType<typeof render> & {
  client: FakeClient;
  queryClient: QueryClient;
  bridge: SessionBridge;
};

/** Renders routes inside QueryClientProvider, ApiClientProvider, MemoryRouter and SessionProvider. */
export function renderWithSession(options: RenderOptions = {}): RenderResult {
  const bridge = createSessionBridge();
  const client = createFakeClient(options.handlers ?? {}, bridge.onUnauthorized);
  const queryClient = createTestQueryClient();
  const routes: Record<string, ReactElement> = {
    '/login': <h1>Login page</h1>,
    ...options.routes,
  };
  const guarded: Record<string, ReactElement> = options.guarded ?? {};
  const tree = (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>
          <Routes>
            <Route
              element={
                <SessionProvider bridge={bridge} initialUser={options.initialUser}>
                  <LocationProbe />
                  <Outlet />
                </SessionProvider>
              }
            >
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
      </ApiClientProvider>
    </QueryClientProvider>
  );
  return { ...render(tree), client, queryClient, bridge };
}

/** A promise with its resolve and reject, for answers a test releases when it wants. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
