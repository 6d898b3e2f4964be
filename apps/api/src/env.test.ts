import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('PUBLIC_URL', () => {
  const base = { DATA_DIR: 'data/env-test', APP_SECRET: 'x'.repeat(32) };

  it('defaults to localhost on the port the server listens on, so a second copy on another PORT links to itself', () => {
    expect(loadEnv(base).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadEnv({ ...base, PORT: '3300' }).PUBLIC_URL).toBe('http://localhost:3300');
  });

  it('keeps the address it is given, whatever the port', () => {
    expect(loadEnv({ ...base, PORT: '3300', PUBLIC_URL: 'https://crm.example.com' }).PUBLIC_URL).toBe('https://crm.example.com');
  });
});
