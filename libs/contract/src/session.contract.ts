import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, okResponse, emptyBody, timestamp } from './common.contract';
import { currentUser, email, password } from './user.contract';

export const otpCode = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Code must be 6 digits');

/** Adds an issue at `field` with the first message of a failed parse. */
function check(ctx: z.RefinementCtx, field: string, result: z.ZodSafeParseResult<unknown>): void {
  if (!result.success) ctx.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]?.message ?? 'Invalid' });
}

/** Recovery codes a user gets at two-factor enrolment (and each time they make new ones). */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as compared: lower case, without spaces or its hyphen. */
export const normalizeRecoveryCode = (value: string): string => value.toLowerCase().replace(/[\s-]/g, '');

/** A two-factor recovery code: ten letters and digits, as shown ("k7m2p-x9qrt") or typed in any case, with or without the hyphen. */
export const recoveryCode = z
  .string({ error: 'Recovery code is required' })
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'A recovery code has 10 letters and digits, like k7m2p-x9qrt'));

/**
 * First step: e-mail and password. Second step (when asked for): the one-time code alone, or in
 * its place one of the user's recovery codes (each works once).
 * One object with per-field messages rather than a union, so a form learns which field is wrong.
 */
export const signInBody = z
  .object({
    email: z.string().optional(),
    password: z.string().max(1024).optional(),
    otp_code: z.string().optional(),
    recovery_code: z.string().max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.otp_code !== undefined) return check(ctx, 'otp_code', otpCode.safeParse(v.otp_code));
    if (v.recovery_code !== undefined) return check(ctx, 'recovery_code', recoveryCode.safeParse(v.recovery_code));
    check(ctx, 'email', email.safeParse(v.email ?? ''));
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
  })
  .transform((v) =>
    v.otp_code !== undefined
      ? { otp_code: v.otp_code.trim() }
      : v.recovery_code !== undefined
        ? { recovery_code: normalizeRecoveryCode(v.recovery_code) }
        : { email: (v.email ?? '').trim(), password: v.password ?? '' },
  );

/**
 * Sign-in answer. When a second factor is needed the answer says so without ever carrying the
 * TOTP secret (a deliberate, safer reading of the spec's "otp_secret"): the browser then runs the
 * second-factor step and does not land on /.
 */
export const signInResponse = z.discriminatedUnion('otp_required', [
  z.object({ otp_required: z.literal(false), user: currentUser }),
  z.object({
    otp_required: z.literal(true),
    last_otp_at: z.string().nullable(),
    otp_delivery: z.enum(['app', 'email']),
    email_hint: z.string(),
  }),
]);
export type SignInResponse = z.infer<typeof signInResponse>;

export const createSession = defineEndpoint({
  method: 'POST',
  path: '/v1/sessions',
  summary: 'Sign in with e-mail and password; then with the one-time code when a second factor is needed',
  tag: 'session',
  access: 'public',
  body: signInBody,
  response: signInResponse,
});

export const ssoBody = z
  .object({ redirect_uri: z.string().optional(), code: z.string().optional(), state: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.code === undefined && v.state === undefined) {
      return check(ctx, 'redirect_uri', z.url('Return address is invalid').safeParse(v.redirect_uri ?? ''));
    }
    if (!v.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Code is required' });
    if (!v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'State is required' });
  })
  .transform((v) =>
    v.code !== undefined || v.state !== undefined
      ? { code: v.code ?? '', state: v.state ?? '' }
      : { redirect_uri: v.redirect_uri ?? '' },
  );

export const ssoResponse = z.union([
  z.object({ authorization_url: z.string() }),
  signInResponse,
]);

export const createSsoSession = defineEndpoint({
  method: 'POST',
  path: '/v1/sessions/sso',
  summary:
    "Single sign-on (OpenID Connect). With redirect_uri: answers the issuer's authorization address. With code and state from the callback: signs in like POST /v1/sessions",
  tag: 'session',
  access: 'public',
  flag: 'sso',
  body: ssoBody,
  response: ssoResponse,
});

export const ssoStatus = defineEndpoint({
  method: 'GET',
  path: '/v1/sessions/sso',
  summary:
    'Whether single sign-on is set up on this server (an issuer configured, or the sandbox issuer of development); the login page shows its button only then. Not in the spec',
  tag: 'session',
  access: 'public',
  response: z.object({
    enabled: z.boolean(),
    /** Why it is off, naming the missing settings; null when it is on. */
    unavailable: z.string().nullable(),
  }),
});

export const destroySession = defineEndpoint({
  method: 'DELETE',
  path: '/v1/sessions',
  summary: 'Sign out: ends this session (and any admin or impersonator session it carries)',
  tag: 'session',
  access: 'public',
  response: null,
});

export const endImpersonation = defineEndpoint({
  method: 'POST',
  path: '/v1/sessions/{id}',
  summary: 'End impersonation of user {id} and return to the impersonating user',
  tag: 'session',
  access: 'user',
  gate: 'exempt',
  params: idParams,
  body: emptyBody,
  response: z.object({ user: currentUser }),
});

export const resetPasswordInstructions = defineEndpoint({
  method: 'POST',
  path: '/v1/users/reset_password_instructions',
  summary: 'E-mail reset-password instructions (answers the same whether or not the address is known)',
  tag: 'session',
  access: 'public',
  body: z.object({ email }),
  response: okResponse,
});

export const resetPasswordByToken = defineEndpoint({
  method: 'POST',
  path: '/v1/users/reset_password_by_token',
  summary: 'Set a new password with the token from the reset e-mail; every session ends and the API keys and API token are revoked',
  tag: 'session',
  access: 'public',
  body: z
    .object({
      reset_password_token: z.string().min(1, 'Reset token is required'),
      password,
      password_confirmation: z.string().min(1, 'Confirm the new password'),
    })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: 'Passwords do not match',
    }),
  response: okResponse,
});

export const authProfile = defineEndpoint({
  method: 'GET',
  path: '/auth/profile',
  summary: 'Session check: the signed-in user, or 401',
  tag: 'session',
  access: 'user',
  gate: 'exempt',
  notAbortable: true,
  response: currentUser,
});

export const LOGIN_TYPES = ['login_as', 'impersonate'] as const;

export const adminLoginAs = defineEndpoint({
  method: 'POST',
  path: '/v1/admin/users/{id}/login',
  summary:
    'Start a session as user {id}. login_as keeps the admin session in the admin cookie; impersonate keeps it in the impersonator cookie',
  tag: 'admin_users',
  access: 'user',
  gate: 'exempt',
  params: idParams,
  body: z.object({ login_type: z.enum(LOGIN_TYPES) }),
  response: z.object({ user: currentUser }),
});

/** One way to re-authenticate, as the server reads the body. */
export type ReauthenticateInput = { password: string } | { otp_code: string } | { redirect_uri: string } | { code: string; state: string };

/**
 * Proof of presence for a credential change: the password, or for a user with a second factor a
 * current code (authenticator app, or e-mailed by POST /v1/two_factor/send_otp). A single sign-on
 * user may instead sign in again at the identity provider: with redirect_uri the answer is its
 * address (asking for a fresh login: prompt=login, max_age=0); with the callback's code and state
 * the session is stamped once the provider vouches for the same e-mail, just authenticated.
 */
export const reauthenticateBody = z
  .object({
    password: z.string().max(1024).optional(),
    otp_code: z.string().optional(),
    redirect_uri: z.string().optional(),
    code: z.string().optional(),
    state: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.otp_code !== undefined) return check(ctx, 'otp_code', otpCode.safeParse(v.otp_code));
    if (v.redirect_uri !== undefined) return check(ctx, 'redirect_uri', z.url('Return address is invalid').safeParse(v.redirect_uri));
    if (v.code !== undefined || v.state !== undefined) {
      if (!v.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Code is required' });
      if (!v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'State is required' });
      return;
    }
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
  })
  .transform((v): ReauthenticateInput =>
    v.otp_code !== undefined
      ? { otp_code: v.otp_code.trim() }
      : v.redirect_uri !== undefined
        ? { redirect_uri: v.redirect_uri }
        : v.code !== undefined || v.state !== undefined
          ? { code: v.code ?? '', state: v.state ?? '' }
          : { password: v.password ?? '' },
  );

export const reauthenticate = defineEndpoint({
  method: 'POST',
  path: '/v1/sessions/reauthenticate',
  summary:
    'Confirm it is you (password; or the second factor for users who have one; or single sign-on again): for the next 15 minutes this browser session may change the e-mail, password, two-factor and API keys. A wrong password or code answers 422; failures count like failed sign-ins',
  tag: 'session',
  access: 'user',
  gate: 'exempt',
  body: reauthenticateBody,
  response: z.union([z.object({ reauthenticated_at: timestamp }), z.object({ authorization_url: z.string() })]),
});
