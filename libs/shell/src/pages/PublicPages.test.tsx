import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApiClient } from '@crm/testing';
import { axeViolations } from '../test/axe';
import { renderApp } from '../test/render-app';
import { ContactUsPage } from './ContactUsPage';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { TermsOfUsePage } from './TermsOfUsePage';

const routes = [
  { path: '/contact-us', element: <ContactUsPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/terms-of-use', element: <TermsOfUsePage /> },
];

function renderPublic(path: string) {
  const { client, call } = mockApiClient(async (name) => {
    throw new Error(`unexpected call ${name}`);
  });
  renderApp({ routes, path, client });
  return call;
}

describe('public pages', () => {
  it.each([
    ['/contact-us', 'Contact us'],
    ['/privacy-policy', 'Privacy policy'],
    ['/terms-of-use', 'Terms of use'],
  ])('%s has one h1 "%s", landmarks, no API calls and no axe violations', async (path, title) => {
    const call = renderPublic(path);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(title);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Test Agent' })).toHaveAttribute('href', '/');
    expect(call).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);
  });

  it('Contact us links the brand support e-mail and phone', () => {
    renderPublic('/contact-us');
    expect(screen.getByRole('link', { name: 'help@test.example.com' })).toHaveAttribute(
      'href',
      'mailto:help@test.example.com',
    );
    expect(screen.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute(
      'href',
      'tel:18005550199',
    );
  });

  it('Privacy policy shows the brand text', () => {
    renderPublic('/privacy-policy');
    expect(screen.getByText('We protect your data.')).toBeInTheDocument();
  });
});
