/**
 * The card form's rules of spec part 2 §5, shared by the browser's card form and any server check.
 * The card number itself never leaves the browser for the product's API (it goes to Stripe, or to
 * the Stripe sandbox, which answers a payment method id).
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

/** The card number mask of spec part 2 §5: its first four characters shown as `xxxx`, the rest as they are. */
export function maskCardNumber(number: string): string {
  return number.length <= 4 ? 'x'.repeat(number.length) : `xxxx${number.slice(4)}`;
}

/** Days in a month (1-12); February has 29 unless a year says otherwise. */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The expiry rule of spec part 2 §5: a month 01-12 followed by a valid day of that month (the
 * month-end check: 04/31 and 02/30 fail), as `MM/DD` (or `MM/DD/YYYY`, which checks February 29).
 */
export function isValidCardExpiry(value: string): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})(?:\/(\d{4}))?$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return day >= 1 && day <= daysInMonth(month, match[3] ? Number(match[3]) : undefined);
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

/**
 * A card's expiry as printed on it, `MM/YY` (or `MM/YYYY`): the month 01-12 and the year. Null when
 * it is not one.
 */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/**
 * The month-end check of a card's expiry: a card is good through the last day of its expiry month,
 * so it has expired only once that day has passed (in the given time, the browser's by default).
 */
export function isCardExpired(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const lastDay = new Date(expiry.year, expiry.month - 1, daysInMonth(expiry.month, expiry.year), 23, 59, 59, 999);
  return now.getTime() > lastDay.getTime();
}

/** The digits of a card number, grouped as printed (4-6-5 for amex, groups of four otherwise), for the field as one types. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (detectCardBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
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
