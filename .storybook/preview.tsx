import type { Decorator, Preview } from '@storybook/react-vite';
import { useLayoutEffect, type CSSProperties, type ReactNode } from 'react';
import { BRANDS, DEFAULT_BRAND, isBrandId, themeVariables, type BrandId } from '@crm/variant';
import './preview.css';

/*
 * The "Brand" toolbar: every story in every real brand (libs/brand-config's BRANDS), through the
 * same CSS variables the BrandProvider sets on document.documentElement. Each brand's palette is
 * checked for WCAG AA by its schema.
 */
const brandVariables = Object.fromEntries(
  Object.entries(BRANDS).map(([id, brand]) => [id, themeVariables(brand)]),
) as Record<BrandId, Record<string, string>>;

function BrandFrame({ brand, children }: { brand: BrandId; children: ReactNode }) {
  const variables = brandVariables[brand];
  // On the root element, like the real brand provider, so that portals (dialogs, menus, toasts)
  // get the palette too.
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [variables]);
  return (
    <div style={variables as CSSProperties} className="bg-bg p-4 font-sans text-text">
      {children}
    </div>
  );
}

const withBrand: Decorator = (Story, context) => {
  const brand: BrandId = isBrandId(context.globals.brand) ? context.globals.brand : DEFAULT_BRAND;
  return (
    <BrandFrame brand={brand}>
      <Story />
    </BrandFrame>
  );
};

const preview: Preview = {
  globalTypes: {
    brand: {
      description: 'Brand palette applied through the theme CSS variables',
      toolbar: {
        title: 'Brand',
        icon: 'paintbrush',
        items: Object.entries(BRANDS).map(([value, brand]) => ({ value, title: brand.name })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { brand: DEFAULT_BRAND },
  decorators: [withBrand],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
