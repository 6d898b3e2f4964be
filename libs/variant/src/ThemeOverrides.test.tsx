import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { testBrand } from '@crm/testing';
import { BrandProvider } from './BrandProvider';
import { ThemeOverrides } from './ThemeOverrides';
import { themeVariables } from './theme';

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

const style = () => document.documentElement.style;

describe('ThemeOverrides', () => {
  it("puts the user's primary colour, background and font size over the brand's variables", () => {
    render(
      <BrandProvider brand={testBrand} environment="production">
        <ThemeOverrides primaryColor="#6b21a8" background="#fffaf0" fontSize="large" />
      </BrandProvider>,
    );
    expect(style().getPropertyValue('--color-primary')).toBe('#6b21a8');
    expect(style().getPropertyValue('--color-bg')).toBe('#fffaf0');
    expect(style().getPropertyValue('--font-size-base')).toBe('1.125rem');
    // the rest stays the brand's
    expect(style().getPropertyValue('--color-text')).toBe('#14213d');
    expect(style().getPropertyValue('--color-surface')).toBe('#ffffff');
  });

  it("keeps the brand's defaults for missing values", () => {
    render(
      <BrandProvider brand={testBrand} environment="production">
        <ThemeOverrides primaryColor={null} background="#fffaf0" />
      </BrandProvider>,
    );
    expect(style().getPropertyValue('--color-primary')).toBe('#1d3a6e');
    expect(style().getPropertyValue('--color-bg')).toBe('#fffaf0');
    expect(style().getPropertyValue('--font-size-base')).toBe('');
  });

  it("follows changes and goes back to the brand's theme when unmounted", () => {
    const { rerender } = render(
      <BrandProvider brand={testBrand} environment="production">
        <ThemeOverrides primaryColor="#6b21a8" />
      </BrandProvider>,
    );
    rerender(
      <BrandProvider brand={testBrand} environment="production">
        <ThemeOverrides primaryColor="#064e3b" fontSize="small" />
      </BrandProvider>,
    );
    expect(style().getPropertyValue('--color-primary')).toBe('#064e3b');
    expect(style().getPropertyValue('--font-size-base')).toBe('0.875rem');
    rerender(
      <BrandProvider brand={testBrand} environment="production">
        <span />
      </BrandProvider>,
    );
    expect(style().getPropertyValue('--color-primary')).toBe('#1d3a6e');
    expect(style().getPropertyValue('--font-size-base')).toBe('');
  });

  it('does nothing outside a BrandProvider', () => {
    render(<ThemeOverrides primaryColor="#6b21a8" />);
    expect(style().getPropertyValue('--color-primary')).toBe('');
  });
});

describe('themeVariables', () => {
  it('maps the user theme onto the CSS variables', () => {
    const colors = {
      primary: '#111111',
      primaryContrast: '#ffffff',
      background: '#fafafa',
      surface: '#ffffff',
      text: '#000000',
      muted: '#444444',
    };
    const brand = { colors, font: 'serif' };
    expect(themeVariables(brand, { primaryColor: '#222222', fontSize: 'medium' })).toEqual({
      '--font-sans': 'serif',
      '--color-primary': '#222222',
      '--color-primary-contrast': '#ffffff',
      '--color-bg': '#fafafa',
      '--color-surface': '#ffffff',
      '--color-text': '#000000',
      '--color-muted': '#444444',
      '--font-size-base': '1rem',
    });
  });
});
