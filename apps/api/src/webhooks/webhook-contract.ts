/**
 * What every vendor's webhook verifier shares (the kit's contract): the event it gives once the
 * signature holds, and the two refusals the one inbound route answers (400, or the refusal's own status), told apart by class.
 */

/**
 * Where each vendor posts its webhooks: /webhooks/<vendor> (outside /v1: no session, no CSRF; the
 * signature is the check). Here, beside the verifier's contract, so that a vendor (its sandbox
 * posts to this path) needs nothing of the route, which needs the app's context.
 */
export const WEBHOOK_PATH_PREFIX = '/webhooks';
export const webhookPath = (vendor: string) => `${WEBHOOK_PATH_PREFIX}/${vendor}`;

/** A vendor event whose signature was verified: the vendor's id of it (or a documented composite), its type, time and body. */
export type VerifiedEvent = { id: string; type: string; created: number; payload: Record<string, unknown> };

/**
 * A webhook request as its vendor signed it: the exact bytes, the headers, the public URL it was
 * posted to (the configured public base, the path and the query: never the Host or X-Forwarded
 * headers, which anyone can set), the query and, for a form post, its fields (Twilio signs the
 * URL with the sorted fields).
 */
export type WebhookRequest = {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  url: string;
  query: Record<string, string>;
  form: Record<string, string> | null;
};

/**
 * What a verifier makes of a request: zero or more events (Graph posts several at once; a
 * validation request has none), and optionally the answer the vendor waits for, given at once
 * before any job runs (Twilio's TwiML, Graph's validationToken echoed).
 */
export type WebhookVerdict = { events: VerifiedEvent[]; reply?: { contentType: string; body: string } };

/** A vendor's check of its webhooks: throws WebhookSignatureInvalid or WebhookEventMalformed. */
export type WebhookVerifier = (request: WebhookRequest) => WebhookVerdict;

/**
 * A webhook whose signature is missing, wrong or outside the time window. `status` is what the
 * route answers: 400 by default (Stripe's convention), 403 where the vendor's documentation says a
 * refused request is forbidden (Twilio).
 */
export class WebhookSignatureInvalid extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 = 400,
  ) {
    super(message);
    this.name = 'WebhookSignatureInvalid';
  }
}

/** A webhook whose signature holds but whose body is not an event (no id, type, time or object). */
export class WebhookEventMalformed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookEventMalformed';
  }
}
