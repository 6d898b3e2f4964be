/*
 * A stand-in for Stripe.js, served by the Stripe sandbox (/sandbox/stripe/js/stripe.js) in place of
 * https://js.stripe.com when the product runs without a real Stripe key. It plays the part of
 * Stripe.js that @stripe/react-stripe-js and the product's card form call, against the sandbox's
 * copy of Stripe's API with the publishable key, as Stripe.js calls Stripe's:
 * - Stripe(publishableKey), elements(), elements.create('card') (number, expiry and CVC fields),
 *   elements.getElement(), and the element's mount, on/off, focus, blur, clear, update, destroy
 * - createPaymentMethod({ type: 'card', card }) (POST /v1/payment_methods)
 * - confirmCardSetup / confirmCardPayment (POST /v1/{setup,payment}_intents/{id}/confirm with the
 *   client secret), handleNextAction({ clientSecret }), retrieveSetupIntent / retrievePaymentIntent
 * - 3-D Secure: an intent that answers `requires_action` opens the bank's page (the sandbox's own,
 *   next_action.use_stripe_sdk.stripe_js) in a modal frame; the customer completes or fails it
 *   there, and the promise resolves with the intent as it then is, or with its error.
 * Answers take Stripe.js's shapes: { paymentMethod } | { setupIntent } | { paymentIntent } | { error }.
 * Plain browser JavaScript, not bundled: the product's pages load it as they would load Stripe.js.
 */
(() => {
  'use strict';
  const script = document.currentScript;
  const sandboxRoot = new URL('../', script ? script.src : location.href);
  const api = new URL('v1/', sandboxRoot);
  const UNREACHABLE = { type: 'api_connection_error', message: 'Could not reach the card processor. Check your connection and try again.' };

  /** Stripe's form encoding: { card: { number } } as card[number]=…. */
  const encode = (params, prefix = '', into = new URLSearchParams()) => {
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      const key = prefix ? `${prefix}[${name}]` : name;
      if (typeof value === 'object') encode(value, key, into);
      else into.append(key, String(value));
    }
    return into;
  };

  async function call(key, method, path, params = {}) {
    const url = new URL(path, api);
    const init = { method, headers: { Authorization: `Bearer ${key}` }, credentials: 'omit' };
    const form = encode(params);
    if (method === 'GET') url.search = form.toString();
    else {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = form.toString();
    }
    try {
      const response = await fetch(url, init);
      const json = await response.json();
      return response.ok ? { object: json } : { error: json.error || UNREACHABLE };
    } catch {
      return { error: UNREACHABLE };
    }
  }

  const validation = (code, message) => ({ error: { type: 'validation_error', code, message } });
  const digits = (value) => value.replace(/\D/g, '');
  const brandOf = (number) =>
    /^4/.test(number) ? 'visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'mastercard' : /^3[47]/.test(number) ? 'amex' : /^6(011|5)/.test(number) ? 'discover' : 'unknown';

  /** The card element: three fields in the page (Stripe's are in its own frame), the events Stripe's emits. */
  class CardElement {
    constructor(options = {}) {
      this.options = options;
      this.handlers = new Map();
      this.root = null;
    }

    mount(target) {
      const host = typeof target === 'string' ? document.querySelector(target) : target;
      if (!host) throw new Error('The selector you specified does not match any elements.');
      const root = document.createElement('div');
      root.className = 'StripeElement StripeElement--empty';
      Object.assign(root.style, { display: 'flex', gap: '0.5rem', alignItems: 'center' });
      const field = (label, attributes, width) => {
        const input = document.createElement('input');
        Object.assign(input, { type: 'text', inputMode: 'numeric', spellcheck: false, ...attributes });
        input.setAttribute('aria-label', label);
        Object.assign(input.style, { border: '0', outline: 'none', background: 'transparent', font: 'inherit', color: 'inherit', minWidth: '0', width, flex: width ? 'none' : '1' });
        input.addEventListener('focus', () => this.emit('focus', {}));
        input.addEventListener('blur', () => this.emit('blur', {}));
        input.addEventListener('input', () => this.changed());
        root.append(input);
        return input;
      };
      this.number = field('Card number', { autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23 });
      this.expiry = field('Expiration date (MM / YY)', { autocomplete: 'cc-exp', placeholder: 'MM / YY', maxLength: 7 }, '5.5em');
      this.cvc = field('Security code (CVC)', { autocomplete: 'cc-csc', placeholder: 'CVC', maxLength: 4 }, '3.5em');
      this.number.addEventListener('input', () => {
        this.number.value = (digits(this.number.value).match(/.{1,4}/g) || []).join(' ');
      });
      this.expiry.addEventListener('input', (event) => {
        const typed = digits(this.expiry.value).slice(0, 4);
        this.expiry.value = typed.length > 2 || (typed.length === 2 && event.inputType !== 'deleteContentBackward') ? `${typed.slice(0, 2)} / ${typed.slice(2)}` : typed;
      });
      host.append(root);
      this.root = root;
      queueMicrotask(() => this.emit('ready', { elementType: 'card' }));
    }

    values() {
      const [month, year] = [digits(this.expiry.value).slice(0, 2), digits(this.expiry.value).slice(2, 4)];
      return { number: digits(this.number.value), exp_month: month, exp_year: year, cvc: digits(this.cvc.value) };
    }

    /** What Stripe.js refuses before asking the API: a field left incomplete. */
    incomplete() {
      const card = this.values();
      if (card.number.length < 12) return validation('incomplete_number', 'Your card number is incomplete.');
      if (card.exp_month.length < 2 || card.exp_year.length < 2) return validation('incomplete_expiry', "Your card's expiration date is incomplete.");
      if (card.cvc.length < 3) return validation('incomplete_cvc', "Your card's security code is incomplete.");
      return null;
    }

    changed() {
      const card = this.values();
      const empty = !card.number && !card.exp_month && !card.cvc;
      this.root.classList.toggle('StripeElement--empty', empty);
      this.emit('change', { elementType: 'card', empty, complete: !this.incomplete(), brand: brandOf(card.number), error: undefined });
    }

    on(event, handler) {
      this.handlers.set(event, [...(this.handlers.get(event) || []), handler]);
      return this;
    }

    off(event, handler) {
      this.handlers.set(event, (this.handlers.get(event) || []).filter((h) => h !== handler));
      return this;
    }

    emit(event, payload) {
      for (const handler of this.handlers.get(event) || []) handler(payload);
    }

    focus() {
      this.number?.focus();
    }

    blur() {
      document.activeElement?.blur();
    }

    clear() {
      for (const input of [this.number, this.expiry, this.cvc]) if (input) input.value = '';
      if (this.root) this.changed();
    }

    update(options) {
      Object.assign(this.options, options);
    }

    unmount() {
      this.root?.remove();
    }

    destroy() {
      this.unmount();
      this.root = null;
    }
  }

  /** The bank's page in a modal frame, until it says the customer answered. */
  function authenticate(intent) {
    const page = new URL(intent.next_action.use_stripe_sdk.stripe_js, sandboxRoot);
    const opener = document.activeElement;
    return new Promise((resolve) => {
      const overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', 'Confirm with your bank');
      Object.assign(overlay.style, { position: 'fixed', inset: '0', zIndex: '2147483647', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(0, 0, 0, 0.5)' });
      const frame = document.createElement('iframe');
      frame.title = '3D Secure authentication';
      frame.src = page.href;
      Object.assign(frame.style, { width: 'min(420px, 94vw)', height: 'min(460px, 90vh)', border: '0', borderRadius: '8px', background: '#fff' });
      frame.addEventListener('load', () => frame.focus());
      const answered = (event) => {
        if (event.origin !== page.origin || event.source !== frame.contentWindow || event.data?.type !== 'stripe-sandbox-3ds' || event.data.intent !== intent.id) return;
        window.removeEventListener('message', answered);
        overlay.remove();
        opener?.focus?.();
        resolve();
      };
      window.addEventListener('message', answered);
      overlay.append(frame);
      document.body.append(overlay);
    });
  }

  const kindOf = (clientSecret) => (String(clientSecret).startsWith('seti_') ? 'setup_intent' : 'payment_intent');
  const idOf = (clientSecret) => String(clientSecret).split('_secret_')[0];
  const named = (kind) => (kind === 'setup_intent' ? 'setupIntent' : 'paymentIntent');

  function StripeStandIn(key) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) throw new Error('Invalid value for Stripe(): apiKey should be a publishable key (pk_…).');
    const created = new Map();

    const retrieve = async (clientSecret) => {
      const kind = kindOf(clientSecret);
      const { object, error } = await call(key, 'GET', `${kind}s/${idOf(clientSecret)}`, { client_secret: clientSecret });
      return error ? { error } : { [named(kind)]: object };
    };

    /** An intent as Stripe.js resolves it: authenticated first when it waits for that; its last error when it failed. */
    const settle = async (kind, intent) => {
      let current = intent;
      if (current.status === 'requires_action' && current.next_action?.type === 'use_stripe_sdk') {
        await authenticate(current);
        const again = await retrieve(current.client_secret);
        if (again.error) return again;
        current = again[named(kind)];
      }
      const failure = kind === 'setup_intent' ? current.last_setup_error : current.last_payment_error;
      if (current.status === 'requires_payment_method' && failure) return { error: { ...failure, [kind]: current } };
      return { [named(kind)]: current };
    };

    const createPaymentMethod = async (data) => {
      const card = data?.card ?? data?.elements?.getElement('card');
      if (!(card instanceof CardElement)) return validation('invalid_request', 'A card element is required to create a card payment method.');
      const incomplete = card.incomplete();
      if (incomplete) return incomplete;
      const { object, error } = await call(key, 'POST', 'payment_methods', { type: 'card', card: card.values(), billing_details: data.billing_details });
      return error ? { error } : { paymentMethod: object };
    };

    const confirm = (kind) => async (clientSecret, data = {}) => {
      let paymentMethod = data.payment_method;
      if (paymentMethod && typeof paymentMethod === 'object') {
        const made = await createPaymentMethod(paymentMethod);
        if (made.error) return made;
        paymentMethod = made.paymentMethod.id;
      }
      const { object, error } = await call(key, 'POST', `${kind}s/${idOf(clientSecret)}/confirm`, { client_secret: clientSecret, payment_method: paymentMethod, use_stripe_sdk: 'true' });
      if (error) return { error };
      return settle(kind, object);
    };

    return {
      elements: (options = {}) => ({
        options,
        create(type, elementOptions) {
          if (type !== 'card') throw new Error(`The Stripe sandbox's Stripe.js offers the card element only, not ${type}.`);
          const element = new CardElement(elementOptions);
          created.set(type, element);
          return element;
        },
        getElement: (type) => created.get(typeof type === 'string' ? type : type?.__elementType) ?? null,
        update(updates) {
          Object.assign(this.options, updates);
        },
        fetchUpdates: async () => ({}),
      }),
      createPaymentMethod,
      createToken: async () => validation('unsupported', 'Tokens are not offered by the Stripe sandbox: make a PaymentMethod.'),
      confirmCardSetup: confirm('setup_intent'),
      confirmCardPayment: confirm('payment_intent'),
      async handleNextAction({ clientSecret } = {}) {
        const found = await retrieve(clientSecret);
        if (found.error) return found;
        const kind = kindOf(clientSecret);
        return settle(kind, found[named(kind)]);
      },
      retrieveSetupIntent: retrieve,
      retrievePaymentIntent: retrieve,
      registerAppInfo: () => undefined,
      _registerWrapper: () => undefined,
    };
  }
  StripeStandIn.version = 'endive';
  window.Stripe = StripeStandIn;
})();
