import { describe, expect, it } from 'vitest';
import { appEnvironmentFromEnv } from './environment';

describe('appEnvironmentFromEnv', () => {
  it.each([
    [undefined, 'development'],
    ['', 'development'],
    ['stage', 'stage'],
    ['demo', 'demo'],
    ['production', 'production'],
  ])('%s gives %s', (value, expected) => {
    expect(appEnvironmentFromEnv(value)).toBe(expected);
  });

  it('rejects an unknown environment', () => {
    expect(() => appEnvironmentFromEnv('prod')).toThrow(/VITE_APP_ENV/);
  });
});
