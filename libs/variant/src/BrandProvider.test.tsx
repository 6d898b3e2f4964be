import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { testBrand } from '@crm/testing';
import type { FlagName } from '@crm/brand-config';
import { BrandProvider, BrandRoleProvider } from './BrandProvider';
import { useBrand } from './useBrand';
import { useFlag } from './useFlag';

function Probe({ flag }: { flag: FlagName }) {
  const brand = useBrand();
  const on = useFlag(flag);
  return (
    <p>
      {brand.name}: {flag} {on ? 'on' : 'off'}
    </p>
  );
}

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.title = '';
});

describe('BrandProvider', () => {
  it('sets the colours as CSS variables, the title and the favicon', () => {
    render(
      <BrandProvider brand={testBrand} environment="production">
        <Probe flag="sms" />
      </BrandProvider>,
    );
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#1d3a6e');
    expect(style.getPropertyValue('--color-primary-contrast')).toBe('#ffffff');
    expect(style.getPropertyValue('--color-bg')).toBe('#f7f9fc');
    expect(style.getPropertyValue('--color-surface')).toBe('#ffffff');
    expect(style.getPropertyValue('--color-text')).toBe('#14213d');
    expect(style.getPropertyValue('--color-muted')).toBe('#4a5568');
    expect(document.title).toBe('Test Agent');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      testBrand.favicon,
    );
    expect(screen.getByText('Test Agent: sms on')).toBeInTheDocument();
  });

  it('removes its variables when unmounted', () => {
    const { unmount } = render(
      <BrandProvider brand={testBrand} environment="production">
        <span />
      </BrandProvider>,
    );
    unmount();
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('');
  });

  it('evaluates flags for the given role, overridden by BrandRoleProvider', () => {
    render(
      <BrandProvider brand={testBrand} environment="production" role="agent">
        <Probe flag="reports" />
        <BrandRoleProvider role="manager">
          <Probe flag="reports" />
        </BrandRoleProvider>
      </BrandProvider>,
    );
    expect(screen.getByText('Test Agent: reports off')).toBeInTheDocument();
    expect(screen.getByText('Test Agent: reports on')).toBeInTheDocument();
  });

  it('requires a provider for useBrand', () => {
    expect(() => render(<Probe flag="sms" />)).toThrow(/inside <BrandProvider>/);
  });
});
