import { useEffect, useState } from 'react';
import { SLOW_LOADING_MS } from './query-client';

/** True once `isLoading` has stayed true for SLOW_LOADING_MS (3000 ms, spec part 1 §9). */
export function useSlowLoading(isLoading: boolean, delayMs: number = SLOW_LOADING_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!isLoading) return undefined;
    const timer = setTimeout(() => setSlow(true), delayMs);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [isLoading, delayMs]);
  return isLoading && slow;
}
