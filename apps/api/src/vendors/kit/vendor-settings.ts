import { createHmac } from 'node:crypto';
import { isProduction, type Env } from '../../env';

/** live or test: the vendor's own credentials; sandbox: this server's stand-in (/sandbox/<vendor>); off: production without credentials. */
export type VendorMode = 'live' | 'test' | 'sandbox' | 'off';

/** What every vendor's settings carry besides its own keys: the mode, and (mode off) what an administrator must set. */
export type VendorState = { mode: VendorMode; unavailable: string | null };

/** A vendor's environment settings, named as a deployment sets them. */
type Setting = keyof Env & string;

/** "Card payments are not configured: set A, B and C": the message of a feature whose vendor is off. */
export function notConfigured(feature: string, settings: readonly Setting[]): string {
  const named = settings.length > 1 ? `${settings.slice(0, -1).join(', ')} and ${settings.at(-1)}` : (settings[0] ?? '');
  return `${feature} are not configured: set ${named}`;
}

/**
 * A secret of this installation's sandbox of a vendor (an API key, a signing secret): derived from
 * APP_SECRET, so it is stable for one data folder, different on every installation, and never
 * committed. `prefix` gives it the vendor's own shape (`sk_test_`, `whsec_`, `AC`, ...).
 */
export function sandboxSecret(env: Env, vendor: string, purpose: string, prefix = ''): string {
  const digest = createHmac('sha256', env.APP_SECRET).update(`${vendor}-sandbox:${purpose}`).digest('base64url');
  return `${prefix}${digest.replace(/[-_]/g, '').slice(0, 32)}`;
}

/**
 * The one rule of every vendor's settings (DESIGN.md "Vendors"): with its credentials set, the
 * vendor itself (`live` says live or test); without them in production, off — the feature says
 * which settings are missing, and no sandbox stands in (none is served in production); elsewhere,
 * the sandbox, with secrets derived for this installation.
 */
export function vendorSettings<Keys extends object>(
  env: Env,
  vendor: {
    name: string;
    /** What the vendor gives the product, as a user reads it ("Card payments", "Text messages"). */
    feature: string;
    /** The settings a deployment sets for the real vendor. */
    settings: readonly Setting[];
    /** The real vendor's keys and mode when its credentials are set; null when they are not. */
    live: () => (Keys & { mode: 'live' | 'test' }) | null;
    /** The sandbox's keys, made with `secret(purpose, prefix)`. */
    sandbox: (secret: (purpose: string, prefix?: string) => string) => Keys;
    /** The keys of mode off (empty values). */
    off: Keys;
  },
): Keys & VendorState {
  const live = vendor.live();
  if (live) return { ...live, unavailable: null };
  if (isProduction(env)) return { ...vendor.off, mode: 'off', unavailable: notConfigured(vendor.feature, vendor.settings) };
  return { ...vendor.sandbox((purpose, prefix) => sandboxSecret(env, vendor.name, purpose, prefix)), mode: 'sandbox', unavailable: null };
}
