import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { featuresFor, testBrand } from '@crm/testing';
import type { FlagName } from '@crm/brand-config';
import { BrandProvider, BrandUserProvider } from './BrandProvider';
import { useFlag } from './useFlag';

function Probe({ flag }: { flag: FlagName }) {
  return (
    <p>
      {flag} {useFlag(flag) ? 'on' : 'off'}
    </p>
  );
}

describe('useFlag', () => {
  it.each([
    // nobody signed in: the matrix for role null ('all' rules only)
    ['the matrix for role null without a user', null, null, 'sms', 'on'],
    ['the matrix for role null without a user', null, null, 'reports', 'off'],
    // a role but no resolved features: the matrix for that role
    ['the matrix for a role without features', 'manager', null, 'reports', 'on'],
    ['the matrix for a role without features', 'agent', null, 'reports', 'off'],
    // the server's answer wins over the matrix both ways
    ['the session features over the matrix (off)', 'manager', { reports: false }, 'reports', 'off'],
    ['the session features over the matrix (on)', 'agent', { reports: true }, 'reports', 'on'],
    ['the session features over the matrix (dialer)', 'agent', { dialer: true }, 'dialer', 'on'],
    ['the matrix for a flag the server did not answer', 'agent', { reports: true }, 'sms', 'on'],
  ] as const)('answers %s: %s %s', (_name, role, features, flag, expected) => {
    render(
      <BrandProvider brand={testBrand} environment="production">
        <BrandUserProvider role={role} features={features}>
          <Probe flag={flag} />
        </BrandUserProvider>
      </BrandProvider>,
    );
    expect(screen.getByText(`${flag} ${expected}`)).toBeInTheDocument();
  });

  it('answers for nobody signed in when no user provider is set (the login page)', () => {
    render(
      <BrandProvider brand={testBrand} environment="development">
        <Probe flag="dialer" />
        <Probe flag="reports" />
      </BrandProvider>,
    );
    // testBrand: dialer is 'all' in development, reports only for admins and managers
    expect(screen.getByText('dialer on')).toBeInTheDocument();
    expect(screen.getByText('reports off')).toBeInTheDocument();
  });

  it('answers every flag from a complete server answer', () => {
    const features = { ...featuresFor(testBrand, 'agent'), sms: false };
    render(
      <BrandProvider brand={testBrand} environment="production">
        <BrandUserProvider role="agent" features={features}>
          <Probe flag="sms" />
        </BrandUserProvider>
      </BrandProvider>,
    );
    expect(screen.getByText('sms off')).toBeInTheDocument();
  });
});
