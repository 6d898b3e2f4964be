import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UserConfig } from 'vite';
import { brandViteConfig } from './brand-app';
import { workspaceRoot } from './aliases';
import { builtDeploymentSettings } from '../../libs/brand-app/src/built-settings';
import { parseDeploymentSettings } from '../../libs/brand-app/src/deployment-settings';

function resolveConfig(env: Record<string, string | undefined>, app = 'web-keystone', mode = 'production'): UserConfig {
  return brandViteConfig(app, { env })({
    mode,
    command: 'build',
    isSsrBuild: false,
    isPreview: false,
  }) as UserConfig;
}

describe('brandViteConfig', () => {
  it('builds apps/<app> into dist/apps/<app> with the defaults when nothing is set', () => {
    const config = resolveConfig({});
    expect(config.root).toBe(resolve(workspaceRoot, 'apps/web-keystone'));
    expect(config.build?.outDir).toBe(resolve(workspaceRoot, 'dist/apps/web-keystone'));
    expect(config.define).toEqual({
      'import.meta.env.VITE_API_BASE_URL': '""',
      'import.meta.env.VITE_APP_ENV': '"development"',
      'import.meta.env.VITE_ANALYTICS_ID': '""',
    });
    expect(config.server?.port).toBe(4201);
  });

  it('a build has no source maps (a development-mode build for debugging has) and pre-compressed copies', () => {
    expect(resolveConfig({}).build?.sourcemap).toBe(false);
    expect(resolveConfig({}, 'web-keystone', 'development').build?.sourcemap).toBe(true);
    const plugins = (resolveConfig({}).plugins ?? []).flat() as { name?: string }[];
    expect(plugins.map((p) => p?.name)).toContain('vite-plugin-compression');
  });

  it('passes valid deployment settings to the bundle', () => {
    const config = resolveConfig(
      {
        VITE_API_BASE_URL: 'https://api.keystonecentral.com/',
        VITE_APP_ENV: 'production',
        VITE_ANALYTICS_ID: 'G-KEY123',
      },
      'web-evergreen',
    );
    expect(config.define).toEqual({
      'import.meta.env.VITE_API_BASE_URL': '"https://api.keystonecentral.com"',
      'import.meta.env.VITE_APP_ENV': '"production"',
      'import.meta.env.VITE_ANALYTICS_ID': '"G-KEY123"',
    });
    expect(config.build?.outDir).toBe(resolve(workspaceRoot, 'dist/apps/web-evergreen'));
  });

  it.each([
    {},
    { VITE_API_BASE_URL: 'https://api.keystonecentral.com/', VITE_APP_ENV: 'production', VITE_ANALYTICS_ID: 'G-KEY123' },
    { VITE_API_BASE_URL: ' http://localhost:3000// ', VITE_APP_ENV: 'demo', VITE_ANALYTICS_ID: '' },
  ])('defines what the app reads back as the validated settings: %j', (env) => {
    const define = resolveConfig(env).define as Record<string, string>;
    const built = Object.fromEntries(
      Object.entries(define).map(([key, value]) => [key.replace('import.meta.env.', ''), JSON.parse(value) as unknown]),
    );
    expect(builtDeploymentSettings(built)).toEqual(parseDeploymentSettings(env));
  });

  it.each([
    [
      { VITE_APP_ENV: 'prod' },
      /VITE_APP_ENV must be one of development, stage, demo, production \(got "prod"\)/,
    ],
    [
      { VITE_API_BASE_URL: 'api.example.com' },
      /VITE_API_BASE_URL must be an absolute http\(s\) URL/,
    ],
    [
      { VITE_API_BASE_URL: 'ftp://api.example.com' },
      /VITE_API_BASE_URL must be an absolute http\(s\) URL/,
    ],
    [{ VITE_ANALYTICS_ID: 'bad id!' }, /VITE_ANALYTICS_ID must be letters, digits/],
  ])('fails the build on %j with a clear message', (env, message) => {
    expect(() => resolveConfig(env)).toThrow(/^Invalid deployment settings for web-keystone:/);
    expect(() => resolveConfig(env)).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => resolveConfig({ VITE_APP_ENV: 'qa', VITE_API_BASE_URL: 'nope' })).toThrow(
      /VITE_API_BASE_URL[\s\S]*VITE_APP_ENV/,
    );
  });
});
