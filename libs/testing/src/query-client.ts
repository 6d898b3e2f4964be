import { QueryClient } from '@tanstack/react-query';

export type TestQueryClientOptions = {
  /** How long answers stay fresh; 2000 ms like the apps' query client unless given. */
  staleTime?: number;
};

/** A query client for tests: no retries, so a failing request fails at once. */
export function createTestQueryClient({
  staleTime = 2000,
}: TestQueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } },
  });
}
