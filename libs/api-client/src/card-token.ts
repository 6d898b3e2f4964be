/**
 * Card tokenisation in sandbox mode (contract `paymentsSetup`): the card goes from the browser to the
 * payment vendor's publishable-key endpoint, exactly as Stripe.js sends it (form-encoded
 * `type=card&card[number]=…`, `Authorization: Bearer pk_…`), never to /v1. The answer's payment
 * method id is what the product's API gets. With a real Stripe key the card form is Stripe Elements
 * instead, and this is not used.
 */

export type CardDetails = {
  /** Digits only or as typed (spaces and dashes are removed). */
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
};

export type TokenizeTarget = { tokenize_url: string; publishable_key: string };

export type CardToken = { id: string; brand: string | null; last4: string | null };

/** A refusal by the vendor, as Stripe.js reports it: its message, code and the card field it is about (`card[number]` …). */
export class CardTokenError extends Error {
  readonly code: string | null;
  readonly param: string | null;
  constructor(message: string, code: string | null, param: string | null) {
    super(message);
    this.name = 'CardTokenError';
    this.code = code;
    this.param = param;
  }
}

const UNREACHABLE = 'Could not reach the card processor. Check your connection and try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Tokenises a card against `target.tokenize_url` (resolved against the page's address). */
export async function tokenizeCard(
  target: TokenizeTarget,
  card: CardDetails,
  send: (request: Request) => Promise<Response> = (request) => fetch(request),
): Promise<CardToken> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': card.number.replace(/[\s-]/g, ''),
    'card[exp_month]': String(card.exp_month),
    'card[exp_year]': String(card.exp_year),
    'card[cvc]': card.cvc,
  });
  const url = new URL(target.tokenize_url, globalThis.location?.href ?? 'http://localhost/');
  let response: Response;
  try {
    response = await send(
      new Request(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${target.publishable_key}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body,
        // The publishable key is the only credential; the product's cookies stay out of it.
        credentials: 'omit',
      }),
    );
  } catch {
    throw new CardTokenError(UNREACHABLE, null, null);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = isRecord(answer) && isRecord(answer['error']) ? answer['error'] : {};
    const text = (key: string) => (typeof error[key] === 'string' ? (error[key] as string) : null);
    throw new CardTokenError(text('message') ?? 'Your card could not be saved.', text('code'), text('param'));
  }
  const card_ = isRecord(answer) && isRecord(answer['card']) ? answer['card'] : {};
  const id = isRecord(answer) && typeof answer['id'] === 'string' ? answer['id'] : '';
  if (!id) throw new CardTokenError('Your card could not be saved.', null, null);
  return {
    id,
    brand: typeof card_['brand'] === 'string' ? card_['brand'] : null,
    last4: typeof card_['last4'] === 'string' ? card_['last4'] : null,
  };
}
