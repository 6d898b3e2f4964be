import type { FONT_SIZES } from '@crm/contract';
import type { BrandColors, BrandConfig } from '@crm/brand-config';

/** A profile font size (profile.font_size). */
export type FontSize = (typeof FONT_SIZES)[number];

/** CSS custom properties the design system's stylesheet reads (libs/ui/src/styles.css). */
export const THEME_VARIABLES: Record<keyof BrandColors, string> = {
  primary: '--color-primary',
  primaryContrast: '--color-primary-contrast',
  background: '--color-bg',
  surface: '--color-surface',
  text: '--color-text',
  muted: '--color-muted',
};

export const FONT_VARIABLE = '--font-sans';

/** The base font size; rem-based sizes scale with it (libs/ui/src/styles.css). */
export const FONT_SIZE_VARIABLE = '--font-size-base';

/** The base font size of each profile font size (medium is the stylesheet's default). */
export const FONT_SIZE_VALUES: Record<FontSize, string> = {
  small: '0.875rem',
  medium: '1rem',
  large: '1.125rem',
};

/**
 * A user's own theme (profile.primary_color, background, font_size). Missing or null values keep
 * the brand's default.
 */
export type UserTheme = {
  primaryColor?: string | null;
  background?: string | null;
  fontSize?: FontSize | null;
};

/** The theme variables of a brand, by CSS custom property name, with a user's theme over them. */
export function themeVariables(
  brand: Pick<BrandConfig, 'colors' | 'font'>,
  userTheme: UserTheme | null = null,
): Record<string, string> {
  const vars: Record<string, string> = { [FONT_VARIABLE]: brand.font };
  for (const key of Object.keys(THEME_VARIABLES) as (keyof BrandColors)[]) {
    vars[THEME_VARIABLES[key]] = brand.colors[key];
  }
  if (userTheme?.primaryColor) vars[THEME_VARIABLES.primary] = userTheme.primaryColor;
  if (userTheme?.background) vars[THEME_VARIABLES.background] = userTheme.background;
  if (userTheme?.fontSize) vars[FONT_SIZE_VARIABLE] = FONT_SIZE_VALUES[userTheme.fontSize];
  return vars;
}

/**
 * Sets the brand's theme variables (with the user's theme over them) on an element, the document
 * root by default; returns an undo that restores what was there before.
 */
export function applyTheme(
  brand: Pick<BrandConfig, 'colors' | 'font'>,
  userTheme: UserTheme | null = null,
  element: HTMLElement = document.documentElement,
): () => void {
  const vars = themeVariables(brand, userTheme);
  const previous = Object.keys(vars).map(
    (name) => [name, element.style.getPropertyValue(name)] as const,
  );
  for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, value);
  return () => {
    for (const [name, value] of previous) {
      if (value) element.style.setProperty(name, value);
      else element.style.removeProperty(name);
    }
  };
}

/** Points the page's `<link rel="icon">` at the brand's favicon, creating the link when missing. */
export function applyFavicon(href: string, doc: Document = document): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}
