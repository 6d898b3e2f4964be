import { TAG_COLORS, TAG_COLOR_PATTERN } from '@crm/contract';

/** Names of the tag picker's colours, for the colour choice's labels (same order as TAG_COLORS). */
export const TAG_COLOR_NAMES: Record<(typeof TAG_COLORS)[number], string> = {
  '#1d4ed8': 'Blue',
  '#047857': 'Green',
  '#b45309': 'Amber',
  '#b91c1c': 'Red',
  '#7c3aed': 'Violet',
  '#0f766e': 'Teal',
  '#be185d': 'Pink',
  '#374151': 'Grey',
};

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((n >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/**
 * The text colour for a chip of this background: white or near-black, whichever contrasts more
 * (the picker's colours all take white; tags made elsewhere may be light). Not a #rrggbb: grey.
 */
export function tagTextColor(background: string): string {
  if (!TAG_COLOR_PATTERN.test(background)) return LIGHT_TEXT;
  const l = luminance(background);
  const withWhite = 1.05 / (l + 0.05);
  const withDark = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  return withWhite >= withDark ? LIGHT_TEXT : DARK_TEXT;
}

/** A tag's background, grey when the stored colour is not a #rrggbb. */
export function tagBackground(color: string): string {
  return TAG_COLOR_PATTERN.test(color) ? color : '#374151';
}
