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
  it('password needs 8 characters with a letter and a digit', () => {
    expect(password.safeParse('abc1').error?.issues[0]?.message).toBe('Password must be at least 8 characters');
    expect(password.safeParse('abcdefgh').error?.issues[0]?.message).toBe('Password must contain a digit');
    expect(password.safeParse('abcdefg1').success).toBe(true);
  });
  it('sign-in takes credentials or a six-digit code', () => {
    expect(signInBody.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(signInBody.safeParse({ otp_code: '123456' }).success).toBe(true);
    expect(signInBody.safeParse({ otp_code: '12345' }).success).toBe(false);
  });
});
