const digitsOnly = (input: string): string => input.replace(/\D/g, '');

/** Group sizes of spec part 1 §5 / part 2 §5: 1-3-3-4 for 11 digits, 3-3-4-4 otherwise. */
const ELEVEN_DIGIT_GROUPS = [1, 3, 3, 4];
const DEFAULT_GROUPS = [3, 3, 4, 4];

function group(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let rest = digits;
  for (const size of sizes) {
    if (!rest) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  if (rest) parts.push(rest);
  return parts.join('-');
}

/**
 * Phone input display: keeps digits only, formatted 1-3-3-4 for 11 digits ("1-555-123-4567")
 * and 3-3-4-4 otherwise ("555-123-4567", partial input grouped as typed: "555-12").
 * Digits beyond the fourteenth are kept in a last group rather than dropped.
 */
export function formatPhone(input: string): string {
  const digits = digitsOnly(input);
  return group(digits, digits.length === 11 ? ELEVEN_DIGIT_GROUPS : DEFAULT_GROUPS);
}

/** The number to dial: digits only, with a leading 1 added to a 10-digit number. */
export function dialingNumber(input: string): string {
  const digits = digitsOnly(input);
  return digits.length === 10 ? `1${digits}` : digits;
}
