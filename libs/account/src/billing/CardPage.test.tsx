import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { axeViolations, callsOf, makeUser } from '@crm/testing';
import { renderAccount } from '../test/render';
import { makeAccountInfo } from '../test/billing';
import { CardPage } from './CardPage';

const user = makeUser({ id: 42, 'paid_user?': false });

/** The sandbox's tokenisation endpoint, as the browser reaches it (outside the api-client's /v1 calls). */
function stubTokenizer(answer: (form: URLSearchParams) => { status: number; body: unknown }) {
  const requests: Request[] = [];
  const forms: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request);
    const form = new URLSearchParams(await request.clone().text());
    forms.push(form);
    const { status, body } = answer(form);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { requests, forms };
}

const paymentMethod = { status: 200, body: { id: 'pm_sandbox123', object: 'payment_method', card: { brand: 'visa', last4: '4242' } } };

function renderCardPage(handlers: Parameters<typeof renderAccount>[0]['handlers'] = {}, path = '/billing/update?plan=3') {
  return renderAccount({
    path,
    user,
    element: <CardPage />,
    otherRoutes: { '/billing/review': <h1>Review</h1> },
    handlers: { accountInfo: () => ({ data: makeAccountInfo({ payment_infos: [] }) }), ...handlers },
  });
}

async function fillCard(number: string, expiry = '12/34', cvc = '123') {
  const events = userEvent.setup();
  await events.type(await screen.findByRole('textbox', { name: /Card number/ }), number);
  await events.type(screen.getByRole('textbox', { name: /Expiry/ }), expiry);
  await events.type(screen.getByRole('textbox', { name: /Security code/ }), cvc);
  await events.click(screen.getByRole('button', { name: 'Save card' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('CardPage (sandbox mode)', () => {
  it('shows the detected brand and the number masked with xxxx as one types', async () => {
    renderCardPage();
    await userEvent.setup().type(await screen.findByRole('textbox', { name: /Card number/ }), '378282246310005');
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveValue('3782 822463 10005');
    expect(screen.getByTestId('card-preview')).toHaveTextContent('American Express xxxx 822463 10005');
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it('checks the expiry month (01-12) and the month end before anything is sent', async () => {
    const tokenizer = stubTokenizer(() => paymentMethod);
    renderCardPage();
    await fillCard('4242424242424242', '13/30');
    expect(await screen.findByText('Enter the expiry as MM/YY, with a month from 01 to 12')).toBeInTheDocument();
    const expiry = screen.getByRole('textbox', { name: /Expiry/ });
    await userEvent.setup().clear(expiry);
    await userEvent.setup().type(expiry, '01/20');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('This card has expired')).toBeInTheDocument();
    expect(tokenizer.requests).toHaveLength(0);
  });

  it('tokenises the card with the publishable key and sends only the pm_ id to /v1, then returns to the review', async () => {
    const tokenizer = stubTokenizer(() => paymentMethod);
    const { client } = renderCardPage({
      connectCard: () => ({ data: makeAccountInfo() }),
    });
    await fillCard('4242 4242 4242 4242');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing/review?plan=3'));
    expect(tokenizer.requests[0]?.url).toMatch(/\/sandbox\/stripe\/v1\/payment_methods$/);
    expect(tokenizer.requests[0]?.headers.get('Authorization')).toBe('Bearer pk_test_sandbox');
    expect(tokenizer.forms[0]?.get('card[number]')).toBe('4242424242424242');
    expect(tokenizer.forms[0]?.get('card[exp_month]')).toBe('12');
    expect(tokenizer.forms[0]?.get('card[exp_year]')).toBe('2034');
    expect(callsOf(client, 'connectCard')).toEqual([{ body: { payment_method_id: 'pm_sandbox123' } }]);
    expect(JSON.stringify(client.call.mock.calls)).not.toContain('4242424242424242');
  });

  it("shows the bank's decline beside the card number", async () => {
    stubTokenizer(() => paymentMethod);
    renderCardPage({
      connectCard: () => {
        throw new ApiError(422, { errors: { card: 'Your card was declined.' } });
      },
    });
    await fillCard('4000 0000 0000 0002');
    const number = screen.getByRole('textbox', { name: /Card number/ });
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(/Your card was declined\./);
    expect(screen.getByTestId('location')).toHaveTextContent('/billing/update?plan=3');
  });

  it("puts the processor's refusal beside the field it names", async () => {
    stubTokenizer(() => ({
      status: 402,
      body: { error: { type: 'card_error', code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'card[cvc]' } },
    }));
    const { client } = renderCardPage();
    await fillCard('4242424242424242', '12/34', '999');
    expect(await screen.findByText("Your card's security code is invalid.")).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Security code/ })).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(client, 'connectCard')).toHaveLength(0);
  });
});
