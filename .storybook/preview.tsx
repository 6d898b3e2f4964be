import type { Decorator, Preview } from '@storybook/react-vite';
import { useLayoutEffect, type CSSProperties, type ReactNode } from 'react';
import './preview.css';

/*
 * Sample palettes for the "Brand" toolbar, so that every story can be checked in every brand.
 * They stand in for the real brand configs (which come later) and set the same CSS variables that
 * the brand provider sets on document.documentElement. Each pairing passes WCAG AA: text on bg
 * and surface, primary-contrast on primary, muted on surface and bg, danger on bg.
 */
type SamplePalette = {
  title: string;
  variables: Record<`--${string}`, string>;
};

const samplePalettes = {
  harbor: {
    title: 'Harbor (navy / teal)',
    variables: {
      '--color-primary': '#1b3a61',
      '--color-primary-contrast': '#ffffff',
      '--color-bg': '#eef6f6',
      '--color-surface': '#ffffff',
      '--color-text': '#0b2545',
      '--color-muted': '#3d5674',
      '--color-border': '#9fcfca',
      '--color-danger': '#b42318',
      '--color-danger-contrast': '#ffffff',
      '--color-success': '#0f766e',
      '--font-sans': "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      '--font-size-base': '1rem',
      '--radius': '0.5rem',
    },
  },
  keystone: {
    title: 'Keystone (slate / amber)',
    variables: {
      '--color-primary': '#f59e0b',
      '--color-primary-contrast': '#1c1917',
      '--color-bg': '#f8fafc',
      '--color-surface': '#ffffff',
      '--color-text': '#1e293b',
      '--color-muted': '#475569',
      '--color-border': '#cbd5e1',
      '--color-danger': '#b91c1c',
      '--color-danger-contrast': '#ffffff',
      '--color-success': '#15803d',
      '--font-sans': "Georgia, 'Times New Roman', serif",
      '--font-size-base': '1rem',
      '--radius': '0.125rem',
    },
  },
  evergreen: {
    title: 'Evergreen (green)',
    variables: {
      '--color-primary': '#166534',
      '--color-primary-contrast': '#ffffff',
      '--color-bg': '#f4f8f5',
      '--color-surface': '#ffffff',
      '--color-text': '#14281d',
      '--color-muted': '#41594a',
      '--color-border': '#bcd4c3',
      '--color-danger': '#b42318',
      '--color-danger-contrast': '#ffffff',
      '--color-success': '#166534',
      '--font-sans': 'ui-sans-serif, system-ui, sans-serif',
      '--font-size-base': '1.0625rem',
      '--radius': '0.75rem',
    },
  },
} satisfies Record<string, SamplePalette>;

type SampleBrand = keyof typeof samplePalettes;

function isSampleBrand(value: unknown): value is SampleBrand {
  return typeof value === 'string' && value in samplePalettes;
}

function BrandFrame({ brand, children }: { brand: SampleBrand; children: ReactNode }) {
  const { variables } = samplePalettes[brand];
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
  const brand: SampleBrand = isSampleBrand(context.globals.brand)
    ? context.globals.brand
    : 'harbor';
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
        items: Object.entries(samplePalettes).map(([value, palette]) => ({
          value,
          title: palette.title,
        })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { brand: 'harbor' },
  decorators: [withBrand],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
