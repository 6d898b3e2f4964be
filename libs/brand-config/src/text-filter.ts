import type { BrandConfig } from './brand-config';

/**
 * What a filtered text field holds. Both take letters of any script (with their combining marks),
 * digits and spaces (spec part 2 §5), plus the brand's extra characters; a person's name (first,
 * last, any other person-name field) also takes the apostrophe, hyphen and period real names carry:
 * O'Brien, O’Brien, Mary-Kate, St. John.
 */
export type TextKind = 'person_name' | 'text';

type TextBrand = Pick<BrandConfig, 'keystrokeExtras'>;

const NAME_PUNCTUATION = "'’-.";

const patterns = new Map<string, RegExp>();

/**
 * The allowed pieces of text, one match each: a letter with the combining marks after it (é typed
 * as e + ◌́, Vietnamese ễ as e + two marks; ZWNJ and ZWJ join letters in Persian and Indic
 * scripts), or one digit, space or allowed punctuation. Matched by code point (the `u` flag): a
 * Chinese character outside the BMP is one letter, an emoji one refused symbol, and a mark that
 * follows nothing allowed (an emoji's variation selector) goes with it.
 */
function allowedPieces(brand: TextBrand, kind: TextKind): RegExp {
  const extras = (kind === 'person_name' ? NAME_PUNCTUATION : '') + brand.keystrokeExtras;
  const key = `${kind}\u0000${brand.keystrokeExtras}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    const escaped = extras.replace(/[\\\][^-]/g, (c) => `\\${c}`);
    pattern = new RegExp(`\\p{L}[\\p{M}\\u200C\\u200D]*|[\\p{Nd} ${escaped}]`, 'gu');
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * The text with every character the field does not take dropped: what the form keeps of typed or
 * pasted text ("Zoë O'Connor-Ñúñez <b>" → "Zoë O'Connor-Ñúñez b" as a person's name).
 */
export function filterText(brand: TextBrand, kind: TextKind, value: string): string {
  return value.match(allowedPieces(brand, kind))?.join('') ?? '';
}

/**
 * Whether every character of the text is one the field takes: the one rule behind the form's
 * filter, the API's validation and the import, so that what one accepts the others accept.
 */
export function allowedText(brand: TextBrand, kind: TextKind, value: string): boolean {
  return filterText(brand, kind, value) === value;
}
