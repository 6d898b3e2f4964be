import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyBody, idParams, pagingMeta, pagingQuery, timestamp } from './common.contract';
import { otpCode } from './session.contract';

/**
 * The account's security (issue 18): confirmed e-mail changes, the user's own sessions and the
 * account's security events. None of these endpoints is in spec/endpoints.tsv.
 */

/** A change of the user's e-mail address waiting for the link sent to the new address. */
export const pendingEmailChange = z.object({
  new_email: z.string(),
  /** When the confirmation link stops working. */
  expires_at: timestamp,
  expired: z.boolean(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChange>;

const emailChangeToken = z.object({
  token: z.string({ error: 'The link is incomplete' }).trim().min(1, 'The link is incomplete').max(200, 'The link is not valid'),
});

export const showEmailChange = defineEndpoint({
  method: 'GET',
  path: '/v1/users/email_change',
  summary: "The signed-in user's pending e-mail change, if any (not in the spec)",
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  response: z.object({ data: pendingEmailChange.nullable() }),
});

export const cancelEmailChange = defineEndpoint({
  method: 'DELETE',
  path: '/v1/users/email_change',
  summary: 'Withdraw the pending e-mail change; the address stays as it is (not in the spec)',
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  response: null,
});

export const resendEmailChange = defineEndpoint({
  method: 'POST',
  path: '/v1/users/email_change/resend',
  summary: 'Send the confirmation link of the pending e-mail change again, valid 24 hours from now (not in the spec)',
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  body: emptyBody,
  response: z.object({ data: pendingEmailChange }),
});

export const confirmEmailChange = defineEndpoint({
  method: 'POST',
  path: '/v1/users/email_change/confirm',
  summary: 'Make the new address the account’s, with the token e-mailed to it (24 hours; not in the spec)',
  tag: 'user',
  access: 'public',
  body: emailChangeToken,
  response: z.object({ email: z.string() }),
});

export const reportEmailChange = defineEndpoint({
  method: 'POST',
  path: '/v1/users/email_change/not_me',
  summary:
    '“This was not me”, with the token e-mailed to the old address (72 hours, once): cancels a pending change; after a confirmed one, puts the account on hold (frozen: true) until restore_email_change; either way ends every session, API key and the API token, and requires a new password (not in the spec)',
  tag: 'user',
  access: 'public',
  body: emailChangeToken,
  response: z.object({
    /** The account's address now (the new one while the account is on hold). */
    email: z.string(),
    /** The change had been confirmed: the account is on hold until the old address is restored with its password or second factor. */
    frozen: z.boolean(),
  }),
});

/** The "this was not me" token again, with the account's password, or a second-factor code in its place. */
export const restoreEmailChangeBody = emailChangeToken
  .extend({ password: z.string().max(1024).optional(), otp_code: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.otp_code !== undefined) {
      const code = otpCode.safeParse(v.otp_code);
      if (!code.success) ctx.addIssue({ code: 'custom', path: ['otp_code'], message: code.error.issues[0]?.message ?? 'Code is invalid' });
      return;
    }
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
  })
  .transform((v) => ({
    token: v.token,
    proof: v.otp_code !== undefined ? { otp_code: v.otp_code.trim() } : { password: v.password ?? '' },
  }));

export const restoreEmailChange = defineEndpoint({
  method: 'POST',
  path: '/v1/users/email_change/restore',
  summary:
    'Put the old address back on an account held by “this was not me”: the report’s token with the account’s password (or a second-factor code), within 72 hours of the report, once; wrong ones count like failed sign-ins (not in the spec)',
  tag: 'user',
  access: 'public',
  body: restoreEmailChangeBody,
  response: z.object({ email: z.string() }),
});

/** One of the user's own sessions. */
export const ownSession = z.object({
  id: z.number().int(),
  /** Browser family and system, such as "Firefox on Windows". */
  browser: z.string(),
  ip: z.string().nullable(),
  created_at: timestamp,
  last_seen_at: timestamp,
  /** The session this request came with. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;

export const listOwnSessions = defineEndpoint({
  method: 'GET',
  path: '/v1/sessions',
  summary: "The signed-in user's active sessions, the current one marked (not in the spec)",
  tag: 'session',
  access: 'user',
  gate: 'exempt',
  response: z.object({ data: z.array(ownSession) }),
});

export const endOwnSession = defineEndpoint({
  method: 'DELETE',
  path: '/v1/sessions/{id}',
  summary: 'Sign out one of your own sessions; 403 with an API key or while impersonated (not in the spec)',
  tag: 'session',
  access: 'user',
  gate: 'exempt',
  params: idParams,
  response: null,
});

export const signOutOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/v1/sessions/sign_out_others',
  summary: 'Sign out every session of yours but this one; 403 with an API key or while impersonated (not in the spec)',
  tag: 'session',
  access: 'user',
  gate: 'exempt',
  body: emptyBody,
  response: z.object({ signed_out: z.number().int() }),
});

/** Days of the account's security events the security screen shows. */
export const SECURITY_EVENT_DAYS = 90;

export const securityEvent = z.object({
  id: z.number().int(),
  event: z.string(),
  /** What happened, in words. */
  description: z.string(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  created_at: timestamp,
});
export type SecurityEvent = z.infer<typeof securityEvent>;

export const listSecurityEvents = defineEndpoint({
  method: 'GET',
  path: '/v1/users/security_events',
  summary: `The signed-in user's security events of the last ${SECURITY_EVENT_DAYS} days, newest first (not in the spec)`,
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  query: pagingQuery,
  response: z.object({ data: z.array(securityEvent), meta: pagingMeta }),
});
