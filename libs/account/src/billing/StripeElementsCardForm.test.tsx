import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { callsOf, makeUser } from '@crm/testing';
import { renderAccount } from '../test/render';
import { makeAccountInfo } from '../test/billing';
import { CardPage } from './CardPage';

// Stripe.js comes from js.stripe.com (not reachable in tests): Elements and the Stripe object are stood in for.
const stripe = vi.hoisted(() => ({
  createPaymentMethod: vi.fn(),
  card: { focus: vi.fn(), clear: vi.fn() },
  loadStripe: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <input aria-label="Stripe card field" />,
  useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

const liveInfo = makeAccountInfo({
  payment_infos: [],
  payments: { provider: 'stripe', mode: 'live', publishable_key: 'pk_live_abc', tokenize_url: null, unavailable: null },
});

beforeEach(() => {
  stripe.createPaymentMethod.mockReset();
  stripe.loadStripe.mockReset().mockResolvedValue({});
});

describe('CardPage with a real Stripe key (Stripe Elements)', () => {
  it('makes the payment method with Stripe.js and the publishable key, and sends only its id', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_live123456' } });
    const { client } = renderAccount({
      path: '/billing/update',
      user: makeUser({ id: 42 }),
      element: <CardPage />,
      otherRoutes: { '/billing': <h1>Billing</h1> },
      handlers: { accountInfo: () => ({ data: liveInfo }), connectCard: () => ({ data: makeAccountInfo() }) },
    });
    expect(await screen.findByRole('group', { name: 'Card' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing'));
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_abc');
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: stripe.card });
    expect(callsOf(client, 'connectCard')).toEqual([{ body: { payment_method_id: 'pm_live123456' } }]);
  });

  it('shows a decline beside the card', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_live123456' } });
    renderAccount({
      path: '/billing/update',
      user: makeUser({ id: 42 }),
      element: <CardPage />,
      handlers: {
        accountInfo: () => ({ data: liveInfo }),
        connectCard: () => {
          throw new ApiError(422, { errors: { card: 'Your card was declined.' } });
        },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('group', { name: 'Card' })).toHaveAccessibleDescription('Your card was declined.');
    expect(stripe.card.focus).toHaveBeenCalled();
  });
});
