import type { Env } from '../../env';
import type { LocalOrigin } from '../../lib/local-origin';
import type { WebhooksService } from '../../webhooks/webhooks.service';
import type { VendorCallsRepository } from './vendor-calls.repository';

/**
 * What every vendor's wiring (vendors/<vendor>/<vendor>.vendor.ts) is given by core.ts: the
 * environment (its settings), where the sandbox is reached, the vendor call log, the webhook path
 * to register its verifier on, and a warning for a feature that is off.
 */
export type VendorDeps = {
  env: Env;
  localOrigin: LocalOrigin;
  vendorCalls: VendorCallsRepository;
  webhooks: WebhooksService;
  warn: (message: string) => void;
};
