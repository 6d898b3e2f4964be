/** Debounce default of spec part 2 §9. */
export const DEBOUNCE_MS = 500;

export type Debounced<A extends unknown[]> = ((...args: A) => void) & { cancel(): void };

/** Calls `fn` once calls have stopped for `ms` milliseconds, with the last arguments. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number = DEBOUNCE_MS,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  return Object.assign(debounced, { cancel: () => clearTimeout(timer) });
}
