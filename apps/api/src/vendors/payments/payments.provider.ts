import type { VerifiedEvent } from '../../webhooks/webhook-contract';
import type { VendorMode } from '../kit/vendor-settings';
/**
 * Card payments (DESIGN.md §1 "Vendors"): one adapter on the vendor's SDK (stripe.provider.ts),
 * pointed at the local Stripe sandbox when no STRIPE_SECRET_KEY is configured. Amounts are integer
 * cents. Every charge and refund carries an idempotency key: the same key never charges twice.
 */

/** A card on file: what the vendor tells of it (never its number). */
export type PaymentCard = {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/**
 * A card being put on file: saved, or waiting for the customer to authenticate with their bank
 * (3-D Secure) in the browser, where the vendor's script takes `clientSecret`; the product then
 * waits for the vendor's word (a `card.ready` event) before the card counts as on file.
 */
export type CardSetup = { status: 'saved'; card: PaymentCard } | { status: 'requires_action'; setupId: string; clientSecret: string };

export type ChargeRequest = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** The same key gives the same charge (a retry after a lost answer charges nothing more). */
  idempotencyKey: string;
  metadata?: Record<string, string>;
  /**
   * The customer is at the screen and asked for this payment (Pay, an order): an on-session
   * payment, which their bank may ask them to authenticate (3-D Secure). Otherwise (a renewal, an
   * order an administrator placed) it is off-session, and a bank that asks is a decline.
   */
  customerPresent?: boolean;
};

/**
 * A charge made, or (the customer present) waiting for the customer to authenticate with their
 * bank: Stripe.js shows the bank's page with `clientSecret`, and the vendor's webhook tells how it ended.
 */
export type Charge =
  | { id: string; amountCents: number; currency: string; status: 'succeeded' }
  | { id: string; amountCents: number; currency: string; status: 'requires_action'; clientSecret: string };

export type RefundRequest = {
  paymentIntentId: string;
  /** Omitted: what is left of the payment. */
  amountCents?: number;
  idempotencyKey: string;
  metadata?: Record<string, string>;
};

export type Refund = { id: string; paymentIntentId: string; amountCents: number; status: string };


/** Who asked (an API request's id or a job's), written in the vendor call log beside the vendor's own request id. */
export type CallContext = { correlationId?: string | null };

/**
 * The card was refused (declined, insufficient funds, a wrong number...): the vendor's message is
 * the one to show beside the card form. `paymentIntentId` names the failed payment, if one was made.
 */
export class PaymentDeclined extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly declineCode: string | null,
    readonly paymentIntentId: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentDeclined';
  }
}

/** The vendor answered no to a request that is not a card refusal (an unknown id, a refund above the payment). */
export class PaymentRequestInvalid extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly param: string | null,
  ) {
    super(message);
    this.name = 'PaymentRequestInvalid';
  }
}


/** The vendor objects an event names, read back from the vendor's API rather than trusted from the event. */
export type VendorObjectKind = 'payment_intent' | 'refund' | 'charge' | 'setup_intent';

/**
 * What a payment vendor's webhook event means to the product, as the adapter read it back from
 * the vendor's API (never the event's own copy). `reference` is the product's transaction id the
 * payment or refund was made under (null when it was made elsewhere, such as the vendor's dashboard).
 * Amounts are integer cents; currencies lower case.
 */
export type PaymentEvent =
  | { kind: 'payment.succeeded'; paymentId: string; amountCents: number; currency: string; reference: number | null }
  | { kind: 'payment.failed'; paymentId: string; code: string; message: string; reference: number | null }
  | { kind: 'refund.made'; refundId: string; paymentId: string; amountCents: number; currency: string; reference: number | null }
  /** How much of a payment the vendor says is refunded in all. */
  | { kind: 'payment.refunded'; paymentId: string; refundedCents: number }
  /** A card setup that waited for the customer's authentication succeeded: the card may go on file (`reference`: the user it was saved for). */
  | { kind: 'card.ready'; setupId: string; customerId: string; card: PaymentCard; reference: number | null };



export type PaymentsProvider = {
  vendor: 'stripe';
  /** live or test: a real Stripe key; sandbox: this server's /sandbox/stripe. */
  mode: VendorMode;
  /** For the browser's card form (Stripe.js, or the sandbox's tokenisation); never the secret key. */
  publishableKey: string;
  /** Where the browser's card form loads Stripe.js from in sandbox mode (the sandbox's stand-in); null: Stripe's own (js.stripe.com). */
  stripeJsUrl: string | null;
  /** Why card payments are off (mode off: the setting that is missing); null when they are on. */
  unavailable: string | null;
  /** One customer per key: a repeat with the same idempotency key gives the same customer. */
  createCustomer(input: { email: string; name: string; idempotencyKey: string; metadata?: Record<string, string> }, context?: CallContext): Promise<{ id: string }>;
  /**
   * Saves a card tokenised in the browser for later charges without the customer present: a
   * SetupIntent confirmed with it (off-session use), which attaches it to the customer and makes it
   * the customer's default. A card whose bank asks the customer to authenticate first answers
   * `requires_action` (nothing is saved yet). `reference`: the product's user it is saved for.
   */
  saveCard(input: { customerId: string; paymentMethodId: string; idempotencyKey: string; reference: number }, context?: CallContext): Promise<CardSetup>;
  /** Makes a card the customer's default (what the vendor's dashboard and invoices use). */
  makeDefaultCard(customerId: string, paymentMethodId: string, context?: CallContext): Promise<void>;
  paymentMethod(paymentMethodId: string, context?: CallContext): Promise<PaymentCard>;
  detachCard(paymentMethodId: string, context?: CallContext): Promise<void>;
  /** Charges a saved card: a PaymentIntent confirmed at once, off-session unless `customerPresent`. */
  charge(request: ChargeRequest, context?: CallContext): Promise<Charge>;
  refund(request: RefundRequest, context?: CallContext): Promise<Refund>;
  /**
   * The vendor's own current view of an object, as the vendor's JSON (tests and diagnostics; the
   * product acts on readEvent); null when the vendor has no such object.
   */
  retrieve(kind: VendorObjectKind, id: string, context?: CallContext): Promise<Record<string, unknown> | null>;
  /**
   * A verified webhook event as the product's own event: the object it names read back from the
   * vendor's API (Stripe's advice: act on what the API says, not on the event's copy), or null when
   * the event means nothing to the product, or names an object the vendor does not have.
   */
  readEvent(event: { type: string; payload: Record<string, unknown> }, context?: CallContext): Promise<PaymentEvent | null>;
  /**
   * Verifies a webhook's signature on its raw body, its timestamp within the tolerance either way
   * (throws WebhookSignatureInvalid), and that it is an event (throws WebhookEventMalformed).
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): VerifiedEvent;
};
