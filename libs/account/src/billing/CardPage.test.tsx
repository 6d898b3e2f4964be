import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { axeViolations, callsOf, makeUser } from '@crm/testing';
import { renderAccount } from '../test/render';
import { makeAccountInfo } from '../test/billing';
import { CardPage } from './CardPage';

// Stripe.js (js.stripe.com, or the sandbox's stand-in) runs in Chromium in the e2e suite; here Elements and the Stripe object are stood in for.
const stripe = vi.hoisted(() => ({
  createPaymentMethod: vi.fn(),
  handleNextAction: vi.fn(),
  card: { focus: vi.fn(), clear: vi.fn() },
  loadStripe: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <input aria-label="Stripe card field" />,
  useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod, handleNextAction: stripe.handleNextAction }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

const liveInfo = makeAccountInfo({
  payment_infos: [],
  payments: { provider: 'stripe', mode: 'live', publishable_key: 'pk_live_abc', stripe_js_url: null, unavailable: null },
});
const card3155 = { brand: 'visa', last4: '3155', exp_month: 12, exp_year: 2034 };
const method3155 = { paymentMethod: { id: 'pm_3ds123456', card: card3155 } };

beforeEach(() => {
  stripe.createPaymentMethod.mockReset();
  stripe.handleNextAction.mockReset();
  stripe.card.focus.mockReset();
  stripe.loadStripe.mockReset().mockResolvedValue({ handleNextAction: stripe.handleNextAction });
});
afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

function renderCardPage(handlers: Parameters<typeof renderAccount>[0]['handlers']) {
  return renderAccount({
    path: '/billing/update?plan=3',
    user: makeUser({ id: 42 }),
    element: <CardPage />,
    otherRoutes: { '/billing/review': <h1>Review</h1> },
    handlers,
  });
}

describe('CardPage: Stripe Elements in every mode', () => {
  it('makes the payment method with Stripe.js and the publishable key, and sends only its id; passes axe', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_live123456' } });
    const { client } = renderCardPage({ accountInfo: () => ({ data: liveInfo }), connectCard: () => ({ data: makeAccountInfo(), requires_action: null }) });
    expect(await screen.findByRole('group', { name: 'Card' })).toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing/review?plan=3'));
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_abc');
    // with a real key nothing but Stripe's own script is loaded (loadStripe puts js.stripe.com on the page)
    expect(document.head.querySelector('script[src*="sandbox"]')).toBeNull();
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: stripe.card });
    expect(callsOf(client, 'connectCard')).toEqual([{ body: { payment_method_id: 'pm_live123456' } }]);
  });

  it('in sandbox mode loads the sandbox\'s Stripe.js (stripe_js_url) before Stripe.js is asked for', async () => {
    renderCardPage({ accountInfo: () => ({ data: makeAccountInfo({ payment_infos: [] }) }) });
    await waitFor(() => expect(document.head.querySelector('script[src="/sandbox/stripe/js/stripe.js"]')).not.toBeNull());
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    document.head.querySelector('script[src="/sandbox/stripe/js/stripe.js"]')!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_sandbox'));
  });

  it('shows a decline beside the card and focuses it', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_live123456' } });
    renderCardPage({
      accountInfo: () => ({ data: liveInfo }),
      connectCard: () => {
        throw new ApiError(422, { errors: { card: 'Your card was declined.' } });
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save card' }));
    const group = await screen.findByRole('group', { name: 'Card' });
    await waitFor(() => expect(group).toHaveAccessibleDescription('Your card was declined.'));
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(stripe.card.focus).toHaveBeenCalled();
  });

  it("3-D Secure: the bank's page through handleNextAction, then the card counts as saved once the account shows it", async () => {
    stripe.createPaymentMethod.mockResolvedValue(method3155);
    stripe.handleNextAction.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    // the account shows the new card from the third time it is asked (the webhook's job ran meanwhile)
    let asked = 0;
    const { client } = renderCardPage({
      accountInfo: () => {
        asked += 1;
        return { data: makeAccountInfo({ ...liveInfo, payment_infos: asked >= 3 ? [card3155] : [] }) };
      },
      connectCard: () => ({ data: liveInfo, requires_action: { client_secret: 'seti_1_secret_abc' } }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing/review?plan=3'), { timeout: 5_000 });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'seti_1_secret_abc' });
    expect(callsOf(client, 'accountInfo').length).toBeGreaterThanOrEqual(3);
  });

  it('3-D Secure failed: the bank\'s answer beside the card, nothing saved, the page stays', async () => {
    stripe.createPaymentMethod.mockResolvedValue(method3155);
    stripe.handleNextAction.mockResolvedValue({
      error: { code: 'setup_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' },
    });
    renderCardPage({ accountInfo: () => ({ data: liveInfo }), connectCard: () => ({ data: liveInfo, requires_action: { client_secret: 'seti_1_secret_abc' } }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save card' }));
    const group = await screen.findByRole('group', { name: 'Card' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(/We are unable to authenticate your payment method/));
    expect(screen.getByTestId('location')).toHaveTextContent('/billing/update?plan=3');
  });
});
