import { describe, expect, it } from 'vitest';
import { APP_ENVIRONMENTS } from '@crm/contract';
import { DEPLOYMENT_ENVIRONMENTS, parseDeploymentSettings } from './deployment-settings';

describe('parseDeploymentSettings', () => {
  it('knows the same environments as the contract', () => {
    expect(DEPLOYMENT_ENVIRONMENTS).toEqual(APP_ENVIRONMENTS);
  });

  it.each([
    [{}, { apiBaseUrl: '', environment: 'development', analyticsId: null }],
    [
      { VITE_APP_ENV: '', VITE_API_BASE_URL: '  ', VITE_ANALYTICS_ID: '' },
      { apiBaseUrl: '', environment: 'development', analyticsId: null },
    ],
    [{ VITE_APP_ENV: 'stage' }, { apiBaseUrl: '', environment: 'stage', analyticsId: null }],
    [
      { VITE_APP_ENV: 'demo', VITE_API_BASE_URL: 'http://localhost:3000/' },
      { apiBaseUrl: 'http://localhost:3000', environment: 'demo', analyticsId: null },
    ],
    [
      {
        VITE_APP_ENV: 'production',
        VITE_API_BASE_URL: 'https://api.harboragent.com',
        VITE_ANALYTICS_ID: 'G-ABC123',
        MODE: 'production',
        PROD: true,
      },
      {
        apiBaseUrl: 'https://api.harboragent.com',
        environment: 'production',
        analyticsId: 'G-ABC123',
      },
    ],
  ])('%j gives %j', (env, expected) => {
    expect(parseDeploymentSettings(env)).toEqual(expected);
  });

  it('rejects an unknown environment, naming the variable and the value', () => {
    expect(() => parseDeploymentSettings({ VITE_APP_ENV: 'prod' }, 'web-harbor')).toThrow(
      'Invalid deployment settings for web-harbor:\n  VITE_APP_ENV must be one of development, stage, demo, production (got "prod")',
    );
  });

  it('rejects a relative API address', () => {
    expect(() => parseDeploymentSettings({ VITE_API_BASE_URL: '/api' })).toThrow(
      /VITE_API_BASE_URL must be an absolute http\(s\) URL/,
    );
  });
});
