import type { BrandColors, BrandConfig } from '@crm/brand-config';

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

/** The theme variables of a brand, by CSS custom property name. */
export function themeVariables(
  brand: Pick<BrandConfig, 'colors' | 'font'>,
): Record<string, string> {
  const vars: Record<string, string> = { [FONT_VARIABLE]: brand.font };
  for (const key of Object.keys(THEME_VARIABLES) as (keyof BrandColors)[]) {
    vars[THEME_VARIABLES[key]] = brand.colors[key];
  }
  return vars;
}

/** Sets the brand's theme variables on an element (the document root by default); returns an undo. */
export function applyTheme(
  brand: Pick<BrandConfig, 'colors' | 'font'>,
  element: HTMLElement = document.documentElement,
): () => void {
  const vars = themeVariables(brand);
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
