import type { Database } from '../../../db/database';
import { createSandboxStore, type SandboxObject } from '../../kit/sandbox/sandbox.repository';

export type { IdempotencyClaim, ObjectWrites, StoredObject } from '../../kit/sandbox/sandbox.repository';
/** An object as Stripe shapes it (customer, payment_method, setup_intent, payment_intent, charge, refund, event). */
export type StripeObject = SandboxObject;

/** The Stripe sandbox's objects, idempotency keys and webhook deliveries: the kit's store, with Stripe's owner of an object (its customer). */
export function createStripeSandboxRepository(db: Database) {
  return createSandboxStore(db, 'stripe', (object) => (typeof object.customer === 'string' ? object.customer : null));
}

export type StripeSandboxRepository = ReturnType<typeof createStripeSandboxRepository>;
