import { useEffect, useState } from 'react';
import { DEBOUNCE_MS } from '@crm/util';

/** The value once it has stopped changing for DEBOUNCE_MS (the spec's 500 ms), for searches as one types. */
export function useDebouncedValue<T>(value: T, ms: number = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
