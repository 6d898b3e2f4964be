import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetry } from './query-client';
import { useReconnecting } from './useReconnecting';

function Probe({ fetcher, seen = [] }: { fetcher: () => Promise<string>; seen?: boolean[] }) {
  const reconnecting = useReconnecting();
  seen.push(reconnecting);
  const { data, failureCount } = useQuery({ queryKey: ['probe'], queryFn: fetcher, retry: shouldRetry, retryDelay: 10 });
  return (
    <p>
      {reconnecting ? 'reconnecting' : 'connected'} {data ?? 'no data'} <span>failures {failureCount}</span>
    </p>
  );
}

const wrap = (client: QueryClient) => ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

describe('useReconnecting', () => {
  it('is on while a read is retried after 503s, and off once the read comes back', async () => {
    let unavailable = true;
    let calls = 0;
    const fetcher = async () => {
      calls += 1;
      if (unavailable) throw new ApiError(503, { errors: { base: 'The service is briefly unavailable.' } });
      return 'rows';
    };
    render(<Probe fetcher={fetcher} />, { wrapper: wrap(new QueryClient()) });
    await waitFor(() => expect(screen.getByText(/reconnecting/)).toBeTruthy());
    // well past the two retries of other failures: still trying
    await waitFor(() => expect(calls).toBeGreaterThan(4));
    expect(screen.getByText(/reconnecting no data/)).toBeTruthy();
    act(() => void (unavailable = false));
    await waitFor(() => expect(screen.getByText('connected rows')).toBeTruthy());
  });

  it('stays off for a failure that is not the service being away (a 500 is an error, not a reconnection)', async () => {
    let calls = 0;
    const fetcher = async () => {
      calls += 1;
      throw new ApiError(500, null);
    };
    const seen: boolean[] = [];
    render(<Probe fetcher={fetcher} seen={seen} />, { wrapper: wrap(new QueryClient()) });
    await waitFor(() => expect(screen.getByText('failures 3')).toBeTruthy());
    expect(calls).toBe(3);
    expect(screen.getByText(/connected no data/)).toBeTruthy();
    expect(seen.length).toBeGreaterThan(3);
    expect(seen).not.toContain(true);
  });
});
