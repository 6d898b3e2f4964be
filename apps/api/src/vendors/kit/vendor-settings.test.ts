import { describe, expect, it } from 'vitest';
import { loadEnv, type Env } from '../../env';
import { stripeSettings } from '../stripe/stripe-settings';
import { sandboxSecret } from './vendor-settings';

const base = { DATA_DIR: 'data/env-test', APP_SECRET: 'a'.repeat(32) };
const production = (extra: Record<string, string> = {}): Env => ({ ...loadEnv({ ...base, ...extra }), NODE_ENV: 'production', APP_ENV: 'production' });

describe('one rule for every vendor\'s settings (Stripe as the example)', () => {
  it('outside production without credentials: the sandbox, with secrets in the vendor\'s shape made for this installation', () => {
    const settings = stripeSettings(loadEnv(base));
    expect(settings).toMatchObject({ mode: 'sandbox', unavailable: null });
    expect(settings.secretKey).toMatch(/^sk_test_[A-Za-z0-9]{32}$/);
    expect(settings.webhookSecret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    // another installation (another APP_SECRET) has other secrets; the same one keeps its own
    expect(stripeSettings(loadEnv({ ...base, APP_SECRET: 'b'.repeat(32) })).secretKey).not.toBe(settings.secretKey);
    expect(stripeSettings(loadEnv(base)).secretKey).toBe(settings.secretKey);
    // each vendor and each purpose its own secret
    expect(sandboxSecret(loadEnv(base), 'twilio', 'secret')).not.toBe(sandboxSecret(loadEnv(base), 'stripe', 'secret'));
  });

  it('in production without credentials: off, naming every setting to set, and no sandbox key is made', () => {
    const settings = stripeSettings(production());
    expect(settings).toEqual({
      mode: 'off',
      unavailable: 'Card payments are not configured: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      secretKey: '',
      publishableKey: '',
      webhookSecret: '',
    });
  });

  it('with the vendor\'s credentials: the vendor itself, live or test by the key, anywhere', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1234567890', STRIPE_PUBLISHABLE_KEY: 'pk_test_1234567890', STRIPE_WEBHOOK_SECRET: 'whsec_1234567890' };
    expect(stripeSettings(loadEnv({ ...base, ...keys }))).toMatchObject({ mode: 'test', secretKey: 'sk_test_1234567890', unavailable: null });
    // a made-up key in the live shape, put together here so that no live-looking credential sits in the tree
    const liveShaped = ['sk', 'live', '1234567890'].join('_');
    expect(stripeSettings(production({ ...keys, STRIPE_SECRET_KEY: liveShaped }))).toMatchObject({ mode: 'live', secretKey: liveShaped, webhookSecret: 'whsec_1234567890' });
  });
});
