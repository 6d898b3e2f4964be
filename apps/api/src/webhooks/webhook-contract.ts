/**
 * What every vendor's webhook verifier shares (the kit's contract): the event it gives once the
 * signature holds, and the two refusals the one inbound route answers 400 to, told apart by class.
 */

/** A vendor event whose signature was verified: the vendor's id of it (or a documented composite), its type, time and body. */
export type VerifiedEvent = { id: string; type: string; created: number; payload: Record<string, unknown> };

/** A webhook whose signature is missing, wrong or outside the time window. */
export class WebhookSignatureInvalid extends Error {
  constructor(message: string) {
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
