import { describe, expect, it } from 'vitest';
import { decodeForm } from './form';

describe("Stripe's form encoding", () => {
  it('nests bracketed names and keeps plain ones', () => {
    expect(decodeForm('type=card&card[number]=4242424242424242&card[exp_month]=12&metadata[user_id]=7&expand[0]=latest_charge&expand[]=customer')).toEqual({
      type: 'card',
      card: { number: '4242424242424242', exp_month: '12' },
      metadata: { user_id: '7' },
      expand: { 0: 'latest_charge', 1: 'customer' },
    });
  });
  it('decodes percent-encoding', () => {
    expect(decodeForm('description=Agent%20plan%20%E2%80%94%20monthly&invoice_settings%5Bdefault_payment_method%5D=pm_1')).toEqual({
      description: 'Agent plan — monthly',
      invoice_settings: { default_payment_method: 'pm_1' },
    });
  });
});
