import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, testBrand } from '@crm/testing';
import { useFlag } from '@crm/variant';
import { renderWithSession } from './test/render';

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

function Flags() {
  const sms = useFlag('sms');
  const reports = useFlag('reports');
  return (
    <p data-testid="flags">{`sms ${sms ? 'on' : 'off'}, reports ${reports ? 'on' : 'off'}`}</p>
  );
}

describe('SessionProvider and the brand', () => {
  it("answers useFlag from the signed-in user's features, not the matrix", async () => {
    // testBrand's matrix gives a manager sms and reports; the server turned both off for this one.
    const user = makeUser({ profile: { account_type: 'manager' } });
    user.features = { ...user.features, sms: false, reports: false };
    renderWithSession({
      brand: testBrand,
      path: '/home',
      handlers: { authProfile: () => user },
      routes: { '/home': <Flags /> },
    });
    await waitFor(() =>
      expect(screen.getByTestId('flags')).toHaveTextContent('sms off, reports off'),
    );
  });

  it('evaluates the matrix for nobody on public pages without a user', () => {
    renderWithSession({ brand: testBrand, path: '/login', routes: { '/login': <Flags /> } });
    expect(screen.getByTestId('flags')).toHaveTextContent('sms on, reports off');
  });

  it("puts the user's profile theme over the brand's colours", async () => {
    const user = makeUser({ profile: { primary_color: '#6b21a8', font_size: 'small' } });
    renderWithSession({
      brand: testBrand,
      path: '/home',
      handlers: { authProfile: () => user },
      routes: { '/home': <Flags /> },
    });
    const style = document.documentElement.style;
    await waitFor(() => expect(style.getPropertyValue('--color-primary')).toBe('#6b21a8'));
    expect(style.getPropertyValue('--font-size-base')).toBe('0.875rem');
    expect(style.getPropertyValue('--color-bg')).toBe('#f7f9fc');
  });
});
