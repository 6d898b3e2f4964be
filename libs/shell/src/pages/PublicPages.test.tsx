import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApiClient } from '@crm/testing';
import { axeViolations } from '../test/axe';
import { BrandedLoginPage } from '../auth/BrandedAuthPages';
import { renderApp } from '../test/render-app';
import { ContactUsPage } from './ContactUsPage';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { TermsOfUsePage } from './TermsOfUsePage';

const routes = [
  { path: '/contact-us', element: <ContactUsPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/terms-of-use', element: <TermsOfUsePage /> },
  { path: '/login', element: <BrandedLoginPage /> },
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

  it.each([
    ['Contact us', 'Contact us'],
    ['Privacy policy', 'Privacy policy'],
    ['Terms of use', 'Terms of use'],
  ])('the login page links "%s", which opens the brand page "%s"', async (link, title) => {
    renderPublic('/login');
    const links = screen.getByRole('navigation', { name: 'Legal and support' });
    screen.getByRole('link', { name: link }).click();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(links).not.toBeInTheDocument();
  });

  it('the login page with its links has no axe violations', async () => {
    renderPublic('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Test Agent' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});
