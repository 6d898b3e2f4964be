import { describe, expect, it } from 'vitest';
import { strictParams } from './strict-params';

class VendorError extends Error {}

describe('strict parameters', () => {
  const check = strictParams(['email', 'metadata', 'expand'], (name) => new VendorError(`Received unknown parameter: ${name}`));

  it('lets through the parameters an endpoint takes, nested values and none at all included', () => {
    expect(() => check({ email: 'a@example.com', metadata: { plan: 'agent' }, expand: { 0: 'customer' } })).not.toThrow();
    expect(() => check({})).not.toThrow();
  });

  it("refuses the first parameter it does not take with the vendor's own error", () => {
    expect(() => check({ email: 'a@example.com', colour: 'teal', size: 'xl' })).toThrow(new VendorError('Received unknown parameter: colour'));
    expect(() => check({ colour: 'teal' })).toThrow(VendorError);
  });

  it('reads the names once: a later change of the list given does not widen it', () => {
    const names = ['email'];
    const strict = strictParams(names, (name) => new Error(name));
    names.push('name');
    expect(() => strict({ name: 'Ann' })).toThrow('name');
  });
});
