import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okResponse, emptyBody } from './common.contract';
import { currentUser } from './user.contract';
import { otpCode, RECOVERY_CODE_COUNT } from './session.contract';

export const generateQr = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/generate_qr',
  summary:
    'Start enrolment: a new secret as a QR image (PNG data URL) and text for manual entry. This is the only answer that carries the secret',
  tag: 'two_factor',
  access: 'user',
  recentAuth: true,
  gate: 'exempt',
  body: emptyBody,
  secretAnswer: true,
  response: z.object({ qr_code: z.string(), otp_secret: z.string(), provisioning_uri: z.string() }),
});

export const enable2fa = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/enable',
  summary: `Finish enrolment with a code from the authenticator app; the answer carries the ${RECOVERY_CODE_COUNT} recovery codes, shown this once`,
  tag: 'two_factor',
  access: 'user',
  recentAuth: true,
  gate: 'exempt',
  body: z.object({ otp_code: otpCode }),
  secretAnswer: true,
  response: currentUser.extend({
    /** Single-use codes to sign in with when the second factor is out of reach; only their digests are kept. */
    recovery_codes: z.array(z.string()),
  }),
});

export const disable2fa = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/disable',
  summary: 'Turn the second factor off (needs a current code; refused while the account requires it)',
  tag: 'two_factor',
  access: 'user',
  recentAuth: true,
  gate: 'exempt',
  body: z.object({ otp_code: otpCode }),
  response: currentUser,
});

export const sendOtp = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/send_otp',
  summary:
    'Send a one-time code (valid 10 minutes) to the account e-mail; usable by a signed-in user or a sign-in waiting for its second factor',
  tag: 'two_factor',
  access: 'pending_otp',
  gate: 'exempt',
  body: z.object({ via: z.enum(['email']).default('email') }),
  response: okResponse,
});

export const recoveryCodesStatus = defineEndpoint({
  method: 'GET',
  path: '/v1/two_factor/recovery_codes',
  summary: 'How many of the two-factor recovery codes are still unused (the codes themselves are never shown again)',
  tag: 'two_factor',
  access: 'user',
  gate: 'exempt',
  response: z.object({ remaining: z.number().int() }),
});

export const regenerateRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/recovery_codes',
  summary: `Replace the recovery codes with ${RECOVERY_CODE_COUNT} new ones (needs a current code; the old ones stop working), shown this once`,
  tag: 'two_factor',
  access: 'user',
  recentAuth: true,
  gate: 'exempt',
  body: z.object({ otp_code: otpCode }),
  secretAnswer: true,
  response: z.object({ recovery_codes: z.array(z.string()) }),
});
