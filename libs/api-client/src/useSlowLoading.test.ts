import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSlowLoading } from './useSlowLoading';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useSlowLoading', () => {
  it('turns true after 3000 ms of loading and resets when loading ends', () => {
    const { result, rerender } = renderHook(({ loading }) => useSlowLoading(loading), {
      initialProps: { loading: true },
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);

    rerender({ loading: false });
    expect(result.current).toBe(false);

    rerender({ loading: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(true);
  });
  it('stays false when not loading', () => {
    const { result } = renderHook(() => useSlowLoading(false));
    act(() => vi.advanceTimersByTime(10000));
    expect(result.current).toBe(false);
  });
});
