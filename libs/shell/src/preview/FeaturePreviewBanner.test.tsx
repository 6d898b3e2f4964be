import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { testBrand } from '@crm/testing';
import { BrandProvider, type AppEnvironment } from '@crm/variant';
import { ACTIVE_FLAG_COOKIE, notifyActiveFlagChange } from './active-flag';
import { FeaturePreviewBanner } from './FeaturePreviewBanner';

function setCookie(value: string | null) {
  document.cookie =
    value === null
      ? `${ACTIVE_FLAG_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
      : `${ACTIVE_FLAG_COOKIE}=${value}; path=/`;
}

afterEach(() => setCookie(null));

function renderBanner(environment: AppEnvironment) {
  return render(
    <BrandProvider brand={testBrand} environment={environment}>
      <FeaturePreviewBanner />
    </BrandProvider>,
  );
}

describe('FeaturePreviewBanner', () => {
  it.each(['development', 'stage', 'demo'] as const)(
    'names the previewed flag in %s',
    (environment) => {
      setCookie('workflow');
      renderBanner(environment);
      expect(screen.getByRole('region', { name: 'Feature preview' })).toHaveTextContent(
        'Previewing feature: workflow',
      );
    },
  );

  it('never shows in production', () => {
    setCookie('workflow');
    renderBanner('production');
    expect(screen.queryByText(/Previewing feature/)).not.toBeInTheDocument();
  });

  it('shows nothing without the cookie, and appears when told the cookie changed', () => {
    renderBanner('demo');
    expect(screen.queryByText(/Previewing feature/)).not.toBeInTheDocument();
    setCookie('sms');
    act(() => notifyActiveFlagChange());
    expect(screen.getByText(/Previewing feature/)).toHaveTextContent('Previewing feature: sms');
  });
});
