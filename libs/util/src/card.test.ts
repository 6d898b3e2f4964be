import { describe, expect, it } from 'vitest';
import { amountToCents, cardBrandLabel, cardText, detectCardBrand, formatCents, stripAmount } from './card';

describe('card brands and amounts', () => {
  it('detects visa, mastercard, amex and discover', () => {
    expect(detectCardBrand('4242 4242 4242 4242')).toBe('visa');
    expect(detectCardBrand('5555555555554444')).toBe('mastercard');
    expect(detectCardBrand('2223003122003222')).toBe('mastercard');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('6011111111111117')).toBe('discover');
    expect(detectCardBrand('3056930009020004')).toBeNull();
  });
  it('strips commas, spaces, quotes and parentheses from amounts', () => {
    expect(stripAmount(` "(1,234.50)" `)).toBe('1234.50');
    expect(amountToCents('1,234.5')).toBe(123_450);
    expect(amountToCents('49')).toBe(4_900);
    expect(amountToCents('4.999')).toBeNull();
  });
});

describe('cardBrandLabel', () => {
  it('writes card brands as their issuers do', () => {
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('mastercard')).toBe('Mastercard');
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('discover')).toBe('Discover');
    expect(cardBrandLabel('diners')).toBe('Diners Club');
    expect(cardBrandLabel('jcb')).toBe('JCB');
    expect(cardBrandLabel('unionpay')).toBe('UnionPay');
    expect(cardBrandLabel('VISA')).toBe('Visa');
  });
  it('capitalises a brand it does not know and names a missing one "Card"', () => {
    expect(cardBrandLabel('new_brand')).toBe('New Brand');
    expect(cardBrandLabel('')).toBe('Card');
    expect(cardBrandLabel(null)).toBe('Card');
    expect(cardBrandLabel('unknown')).toBe('Card');
  });
  it('writes a card as "Visa ending in 4242"', () => {
    expect(cardText({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(cardText({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
  });
});

describe('money display', () => {
  it('shows integer cents as money', () => {
    expect(formatCents(2900, 'usd')).toBe('$29.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});
