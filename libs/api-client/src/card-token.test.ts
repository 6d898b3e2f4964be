import { describe, expect, it } from 'vitest';
import { CardTokenError, tokenizeCard } from './card-token';

const target = { tokenize_url: 'http://api.test/sandbox/stripe/v1/payment_methods', publishable_key: 'pk_test_abc' };
const card = { number: '4242 4242 4242 4242', exp_month: 4, exp_year: 2031, cvc: '123' };

function answer(body: unknown, status = 200) {
  const requests: Request[] = [];
  const send = async (request: Request) => {
    requests.push(request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { send, requests };
}

describe('tokenizeCard', () => {
  it('posts the card form-encoded with the publishable key, as Stripe.js does, and answers the pm_ id', async () => {
    const { send, requests } = answer({ id: 'pm_123456', object: 'payment_method', card: { brand: 'visa', last4: '4242' } });
    await expect(tokenizeCard(target, card, send)).resolves.toEqual({ id: 'pm_123456', brand: 'visa', last4: '4242' });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(target.tokenize_url);
    expect(request?.headers.get('Authorization')).toBe('Bearer pk_test_abc');
    expect(request?.credentials).toBe('omit');
    const form = new URLSearchParams(await request!.text());
    expect(Object.fromEntries(form)).toEqual({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '4',
      'card[exp_year]': '2031',
      'card[cvc]': '123',
    });
  });

  it("throws Stripe's error with its message, code and param", async () => {
    const { send } = answer(
      { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' } },
      402,
    );
    const error = await tokenizeCard(target, card, send).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardTokenError);
    expect(error).toMatchObject({ message: 'Your card number is incorrect.', code: 'incorrect_number', param: 'card[number]' });
  });

  it('says the processor is unreachable when the request fails', async () => {
    const send = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(tokenizeCard(target, card, send)).rejects.toThrow(/Could not reach the card processor/);
  });
});
