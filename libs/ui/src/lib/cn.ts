import { clsx, type ClassValue } from 'clsx';

export type { ClassValue };

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects), skipping falsy values.
 * There is no Tailwind class merging: a caller's `className` is appended after the component's
 * own classes, so prefer adding classes over overriding conflicting ones.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
