/**
 * Cards and money as the screens show them. The card form itself is Stripe's (Stripe Elements, or
 * the Stripe sandbox's stand-in for it), which checks the number, expiry and security code: the
 * number never reaches the product's API, only a payment method id.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
export type CardBrandName = (typeof CARD_BRANDS)[number];

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The brand by the number's leading digits: visa, mastercard, amex or discover (null: none of them yet). */
export function detectCardBrand(number: string): CardBrandName | null {
  const digits = digitsOf(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  return null;
}

/** Days in a month (1-12); February has 29 unless a year says otherwise. */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** An amount as typed, with commas, spaces, quotes and parentheses stripped (`"(1,234.50)"` → `1234.50`). */
export function stripAmount(value: string): string {
  return value.replace(/[,\s'"()]/g, '');
}

/** Dollars as typed (after stripAmount) to integer cents; null when it is not an amount with at most two decimals. */
export function amountToCents(value: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(stripAmount(value));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Integer cents as money (`2900, 'usd'` → `$29.00`), in the browser's number format. */
export function formatCents(cents: number, currency: string = 'usd', locale: string = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** Card brands as their issuers write them, by the brand codes Stripe gives (`visa`, `amex`, `diners` …). */
const CARD_BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  diners_club: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
};

/** A card brand code as written on the card: `visa` → `Visa`, `amex` → `American Express`; an unknown code capitalised, an empty one `Card`. */
export function cardBrandLabel(brand: string | null | undefined): string {
  const code = (brand ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (!code || code === 'unknown') return 'Card';
  return CARD_BRAND_LABELS[code] ?? code.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/** A card as the payer reads it in receipts and histories: `Visa ending in 4242`. */
export function cardText(card: { brand: string | null | undefined; last4: string }): string {
  return `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
}
