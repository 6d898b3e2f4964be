import { filterText, type BrandConfig, type TextKind } from '@crm/brand-config';

/** What a filtered text field holds: a person's name, or other text (a city). */
export type KeystrokeKind = TextKind;

/** The brand's extra characters, as the import needs them. */
export type KeystrokeBrand = Pick<BrandConfig, 'keystrokeExtras'>;

/**
 * The characters of `text` that the brand's text filter refuses ('' when it keeps them all): the
 * import leaves such a value out with a warning, as the contact form would not let it be typed
 * (spec part 2 §5). The rule is the form's and the API's (filterText); what it dropped is what
 * is left of the text once the kept pieces, a subsequence of it, are taken away in order.
 */
export function refusedKeystrokes(brand: KeystrokeBrand, kind: KeystrokeKind, text: string): string {
  const kept = Array.from(filterText(brand, kind, text));
  if (kept.length === Array.from(text).length) return '';
  const refused = new Set<string>();
  let k = 0;
  for (const ch of Array.from(text)) {
    if (kept[k] === ch) k += 1;
    else refused.add(ch);
  }
  return [...refused].join('');
}
