import { describe, expect, it } from 'vitest';
import { fillPath, toRoutePath } from './endpoint';
import { endpoints } from './endpoints';
import { signInBody } from './session.contract';
import { password } from './user.contract';

describe('paths', () => {
  it('converts spec parameters to route parameters', () => {
    expect(toRoutePath('/v1/users/{id}/update_password')).toBe('/v1/users/:id/update_password');
  });
  it('fills parameters and refuses a missing one', () => {
    expect(fillPath('/v1/api_keys/{id}', { id: 7 })).toBe('/v1/api_keys/7');
    expect(() => fillPath('/v1/api_keys/{id}', {})).toThrow('Missing path parameter "id"');
  });
  it('has no two endpoints with the same method and path', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('rules', () => {
  it('password is required and bounded; the rule itself is @crm/password-rule, with no composition rules', () => {
    expect(password.safeParse('').error?.issues[0]?.message).toBe('Password is required');
    expect(password.safeParse(undefined).error?.issues[0]?.message).toBe('Password is required');
    expect(password.safeParse('x'.repeat(1025)).error?.issues[0]?.message).toBe('Password must be at most 128 characters');
    // No letter or digit needed (the old composition rule refused these).
    expect(password.safeParse('lantern orchard tide').success).toBe(true);
    expect(password.safeParse('ｌａｎｔｅｒｎ　ｏｒｃｈａｒｄ').success).toBe(true);
  });
  it('sign-in takes credentials or a six-digit code', () => {
    expect(signInBody.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(signInBody.safeParse({ otp_code: '123456' }).success).toBe(true);
    expect(signInBody.safeParse({ otp_code: '12345' }).success).toBe(false);
  });
});
