import twilio from 'twilio';
import type { Core } from '../../../core';
import { isSandboxAllowed } from '../../../env';
import { defineSandboxDelivery, deliveryUrl } from '../../kit/sandbox/delivery';
import { createTwilioSandboxRepository } from './twilio-sandbox.repository';
import { createTwilioSandboxService } from './twilio-sandbox.service';

/** The job that posts one sandbox callback (a status change, an inbound message) to the URL the product gave. */
export const TWILIO_SANDBOX_CALLBACK_JOB = 'twilio-sandbox-callback';

/**
 * The Twilio sandbox (outside production, when no TWILIO_ACCOUNT_SID is set): its state (the kit's
 * store under vendor 'twilio'), its service, and its callbacks (the kit's delivery job), posted as
 * Twilio posts them: a form, signed with X-Twilio-Signature over the URL as given and the sorted
 * fields with the sandbox's auth token (the SDK's own getExpectedTwilioSignature). Null when the
 * sandbox is not in use.
 */
export function createTwilioSandboxModule({ env, db, jobs, localOrigin, smsSettings: settings }: Core) {
  if (!isSandboxAllowed(env) || settings.mode !== 'sandbox') return { twilioSandbox: null };
  const repo = createTwilioSandboxRepository(db);
  const delivery = defineSandboxDelivery(jobs, repo, {
    job: TWILIO_SANDBOX_CALLBACK_JOB,
    // Twilio does not retry a status callback; the sandbox retries a few times so a test's slow start loses none
    retryLimit: 5,
    retryDelaySeconds: 2,
    async sign(callbackId) {
      const callback = await service.callbackOf(callbackId);
      if (!callback) return null;
      await service.advance(callback);
      return {
        url: deliveryUrl(callback.url, env.PUBLIC_URL, localOrigin.url()),
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(settings.authToken, callback.url, callback.params),
          'i-twilio-idempotency-token': callback.id,
          'user-agent': 'TwilioProxy/1.1',
        },
        body: new URLSearchParams(callback.params).toString(),
      };
    },
  });
  const service = createTwilioSandboxService(repo, settings, delivery.queue);
  return { twilioSandbox: { service, repository: repo, settings, deliver: delivery.deliver } };
}

export type TwilioSandboxModule = ReturnType<typeof createTwilioSandboxModule>;
