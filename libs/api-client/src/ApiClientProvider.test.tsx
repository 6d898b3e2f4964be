import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from './ApiClientProvider';
import { createApiClient } from './api-client';
import { useApiClient } from './useApiClient';

describe('ApiClientProvider / useApiClient', () => {
  it('hands the client down', () => {
    const client = createApiClient({ fetch: vi.fn() });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    );
    const { result } = renderHook(() => useApiClient(), { wrapper });
    expect(result.current).toBe(client);
  });
  it('refuses to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useApiClient())).toThrow(
      'useApiClient must be used inside <ApiClientProvider>',
    );
    vi.restoreAllMocks();
  });
});
