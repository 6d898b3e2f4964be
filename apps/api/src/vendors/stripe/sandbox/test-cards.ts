import { detectCardBrand, type CardBrandName } from '@crm/util';

/**
 * Stripe's documented test cards (https://docs.stripe.com/testing), as the sandbox plays them.
 * - `ok`: every setup and charge succeeds
 * - `decline`: the setup (and any charge) is declined with `declineCode`
 * - `charge_fails`: the card attaches (setup succeeds), later charges are declined (4000 0000 0000 0341
 *   with generic_decline; 4000 0000 0000 9995 with insufficient_funds: a setup moves no money)
 * - `authenticate`: 3-D Secure. A setup, and a payment with the customer present, wait for the
 *   customer to authenticate (`requires_action`); a payment without the customer (off-session) is
 *   declined with authentication_required, unless (`unless_set_up`) the card was set up with
 *   authentication before (4000 0025 0000 3155; 4000 0027 6000 3184 asks every time)
 */
export type CardBehaviour =
  | { kind: 'ok' }
  | { kind: 'decline'; code: string; declineCode: string | null }
  | { kind: 'charge_fails'; declineCode: string }
  | { kind: 'authenticate'; when: 'unless_set_up' | 'always' };
export type CardBrand = CardBrandName | 'unknown';

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { kind: 'ok' },
  '4000056655665556': { kind: 'ok' },
  '5555555555554444': { kind: 'ok' },
  '2223003122003222': { kind: 'ok' },
  '5200828282828210': { kind: 'ok' },
  '378282246310005': { kind: 'ok' },
  '371449635398431': { kind: 'ok' },
  '6011111111111117': { kind: 'ok' },
  '4000000000000002': { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline' },
  '4000000000009995': { kind: 'charge_fails', declineCode: 'insufficient_funds' },
  '4000000000009987': { kind: 'decline', code: 'card_declined', declineCode: 'lost_card' },
  '4000000000009979': { kind: 'decline', code: 'card_declined', declineCode: 'stolen_card' },
  '4000000000000069': { kind: 'decline', code: 'expired_card', declineCode: null },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', declineCode: null },
  '4000000000000119': { kind: 'decline', code: 'processing_error', declineCode: null },
  '4000000000000341': { kind: 'charge_fails', declineCode: 'generic_decline' },
  '4000002500003155': { kind: 'authenticate', when: 'unless_set_up' },
  '4000002760003184': { kind: 'authenticate', when: 'always' },
  '4000000000003220': { kind: 'authenticate', when: 'unless_set_up' },
};

/**
 * Stripe's documented test PaymentMethods (`payment_method: 'pm_card_visa'`): each use makes a new
 * PaymentMethod of the card behind it, as Stripe does.
 */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_mastercard_debit: '5200828282828210',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
};

/** Stripe's documented test card tokens (`card[token]=tok_visa` when making a PaymentMethod). */
export const TEST_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_visa_debit: '4000056655665556',
  tok_mastercard: '5555555555554444',
  tok_mastercard_debit: '5200828282828210',
  tok_amex: '378282246310005',
  tok_discover: '6011111111111117',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_chargeCustomerFail: '4000000000000341',
  tok_threeDSecure2Required: '4000000000003220',
};

/** Stripe's messages for its card error codes and decline codes. */
export const CARD_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  setup_intent_authentication_failure: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  payment_intent_authentication_failure: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is not a valid credit card number.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  test_mode_live_card:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

export const cardMessage = (code: string, declineCode: string | null) => CARD_MESSAGES[declineCode ?? ''] ?? CARD_MESSAGES[code] ?? 'Your card was declined.';

/** The brand by the number's first digits, by the card form's own rule (Stripe's names; others `unknown`). */
export function cardBrand(number: string): CardBrand {
  return detectCardBrand(number) ?? 'unknown';
}

/** The Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}
