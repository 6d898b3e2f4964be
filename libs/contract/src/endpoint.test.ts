import { describe, expect, it } from 'vitest';
import { fillPath, toRoutePath } from './endpoint';
import { endpoints } from './endpoints';
import { signInBody } from './session.contract';
import { password } from './user.contract';
import { KEYLESS_TAGS, SCOPE_NAMES } from './scopes';

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

describe('scopes and proof of presence', () => {
  const table = Object.entries(endpoints) as [string, (typeof endpoints)[keyof typeof endpoints]][];
  const scopeOf = (e: object) => (e as { scope?: string }).scope;
  const recentOf = (e: object) => (e as { recentAuth?: unknown }).recentAuth;

  it('no endpoint of the account, credential, key, two-factor and session areas has a scope', () => {
    const credential = table.filter(([, e]) => (KEYLESS_TAGS as readonly string[]).includes(e.tag));
    expect(credential.length).toBeGreaterThan(20);
    for (const [name, e] of credential) expect(scopeOf(e), name).toBeUndefined();
  });

  it('impersonation and help requests have no scope either, nor anything that needs recent authentication', () => {
    expect(scopeOf(endpoints.adminLoginAs)).toBeUndefined();
    expect(scopeOf(endpoints.createHelpRequest)).toBeUndefined();
    for (const [name, e] of table) if (recentOf(e)) expect(scopeOf(e), name).toBeUndefined();
  });

  it('every scope named by an endpoint is one of the list, and each of the list is used', () => {
    const used = new Set(table.map(([, e]) => scopeOf(e)).filter(Boolean));
    for (const scope of used) expect(SCOPE_NAMES).toContain(scope);
    expect([...used].sort()).toEqual([...SCOPE_NAMES].sort());
  });

  it('credential changes need recent authentication; the e-mail only when it changes', () => {
    for (const e of [
      endpoints.updatePassword,
      endpoints.update2fa,
      endpoints.generateQr,
      endpoints.enable2fa,
      endpoints.disable2fa,
      endpoints.regenerateRecoveryCodes,
      endpoints.createApiKey,
      endpoints.refreshApiToken,
    ]) {
      expect(recentOf(e), e.path).toBe(true);
    }
    expect(endpoints.updateProfile.recentAuth).toEqual({ field: 'email' });
    expect(endpoints.updateApiKey.recentAuth).toEqual({ field: 'active', value: true });
  });
});
