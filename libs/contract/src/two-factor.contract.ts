import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okResponse, emptyBody } from './common.contract';
import { currentUser } from './user.contract';
import { otpCode } from './session.contract';

export const generateQr = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/generate_qr',
  summary:
    'Start enrolment: a new secret as a QR image (PNG data URL) and text for manual entry. This is the only answer that carries the secret',
  tag: 'two_factor',
  access: 'user',
  gate: 'exempt',
  body: emptyBody,
  response: z.object({ qr_code: z.string(), otp_secret: z.string(), provisioning_uri: z.string() }),
});

export const enable2fa = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/enable',
  summary: 'Finish enrolment with a code from the authenticator app',
  tag: 'two_factor',
  access: 'user',
  gate: 'exempt',
  body: z.object({ otp_code: otpCode }),
  response: currentUser,
});

export const disable2fa = defineEndpoint({
  method: 'POST',
  path: '/v1/two_factor/disable',
  summary: 'Turn the second factor off (needs a current code; refused while the account requires it)',
  tag: 'two_factor',
  access: 'user',
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
