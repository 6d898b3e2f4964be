import { createHash } from 'node:crypto';
import type { SandboxStore } from './sandbox.repository';

/** A sandbox's answer to a request; `refused` when its parameters failed validation before it did anything. */
export type SandboxAnswer = { status: number; body: string; refused: boolean };

export type IdempotentOutcome =
  /** Run now (first use of the key, or no key). */
  | { kind: 'ran'; answer: SandboxAnswer }
  /** The key's first answer, replayed (the vendor says so, as Stripe with `Idempotent-Replayed: true`). */
  | { kind: 'replayed'; status: number; body: string; requestId: string | null }
  /** The key was used with other parameters: the vendor's idempotency error. */
  | { kind: 'different_request' }
  /** A request with the key is still running: the vendor's conflict. */
  | { kind: 'running' };

/**
 * Runs a sandbox request under its idempotency key with Stripe's semantics, which most vendors
 * share: the key belongs to the caller's API key (kept as a digest) and is kept 24 hours; a repeat
 * of the same request gets the first answer; the same key with another method, path or body is
 * refused; the answer of a request that began to run is kept (a decline, or the sandbox's own 5xx,
 * included); a request refused by validation keeps nothing, so the corrected retry runs.
 */
export async function idempotentRequest(
  store: SandboxStore,
  request: { apiKey: string; idempotencyKey: string | null; method: string; path: string; rawBody: string; requestId: string },
  run: () => Promise<SandboxAnswer>,
): Promise<IdempotentOutcome> {
  const { idempotencyKey } = request;
  if (!idempotencyKey) return { kind: 'ran', answer: await run() };
  const keyDigest = createHash('sha256').update(request.apiKey).digest('base64url');
  const fingerprint = createHash('sha256').update(`${request.method} ${request.path}\n${request.rawBody}`).digest('base64url');
  const claim = await store.claim(keyDigest, idempotencyKey, fingerprint);
  if (claim.kind === 'done') return { kind: 'replayed', status: claim.status, body: claim.body, requestId: claim.requestId };
  if (claim.kind === 'different_request' || claim.kind === 'running') return { kind: claim.kind };
  const answer = await run();
  if (answer.refused) await store.release(keyDigest, idempotencyKey);
  else await store.complete(keyDigest, idempotencyKey, answer.status, answer.body, request.requestId);
  return { kind: 'ran', answer };
}
