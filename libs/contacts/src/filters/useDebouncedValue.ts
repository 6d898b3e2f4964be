import { useEffect, useState } from 'react';
import { DEBOUNCE_MS } from '@crm/util';

/** `value`, once it has stopped changing for `ms` milliseconds. */
export function useDebouncedValue<T>(value: T, ms: number = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
