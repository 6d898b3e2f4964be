import type { Form } from './stripe-sandbox.service';

/**
 * Stripe's form encoding as nested objects: `card[number]=4242…&metadata[user_id]=7&expand[0]=x`
 * gives `{ card: { number: '4242…' }, metadata: { user_id: '7' }, expand: { 0: 'x' } }`. A name
 * that is not a well-formed bracket path is kept as it is.
 */
export function decodeForm(body: string): Form {
  const form: Form = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    const path = match ? [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)] : [name];
    let node: Form = form;
    for (const [i, key] of path.entries()) {
      const part = key === '' ? String(Object.keys(node).length) : key;
      if (i === path.length - 1) {
        node[part] = value;
      } else {
        const next = node[part];
        node = typeof next === 'object' ? next : (node[part] = {});
      }
    }
  }
  return form;
}
