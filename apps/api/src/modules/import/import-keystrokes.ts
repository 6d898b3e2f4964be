import { filterKeystrokes, type BrandConfig } from '@crm/brand-config';

/** What a filtered text field holds: a person's name, or other text (a city). */
export type KeystrokeKind = 'person-name' | 'text';

/** The brand's keystroke filter, as the import needs it. */
export type KeystrokeBrand = Pick<BrandConfig, 'keystrokeFilter'>;

/**
 * The characters of `text` that the brand's keystroke filter refuses ('' when it keeps them all):
 * the import leaves such a value out with a warning, as the contact form would not let it be typed
 * (spec part 2 §5). The one place the import asks the filter; `kind` says which rule applies, so a
 * filter with a rule for person names (apostrophes, hyphens, periods) is switched in here alone.
 */
export function refusedKeystrokes(brand: KeystrokeBrand, kind: KeystrokeKind, text: string): string {
  // today's filters have one rule for every field, whatever its kind
  void kind;
  const kept = filterKeystrokes(brand, text);
  if (kept === text) return '';
  const refused = new Set(Array.from(text).filter((ch) => filterKeystrokes(brand, ch) === ''));
  return [...refused].join('');
}
