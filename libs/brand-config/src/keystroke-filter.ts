import type { BrandConfig } from './brand-config';

/** Whether one typed character passes the brand's keystroke filter. */
export function isKeystrokeAllowed(
  brand: Pick<BrandConfig, 'keystrokeFilter'>,
  key: string,
): boolean {
  return new RegExp(brand.keystrokeFilter).test(key);
}

/** Drops the characters the brand's keystroke filter rejects (for pasted text). */
export function filterKeystrokes(
  brand: Pick<BrandConfig, 'keystrokeFilter'>,
  text: string,
): string {
  const pattern = new RegExp(brand.keystrokeFilter);
  return Array.from(text)
    .filter((ch) => pattern.test(ch))
    .join('');
}
