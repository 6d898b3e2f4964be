import type { EmailProvider } from './email.provider';
import type { OutboxRepository } from './sandbox/outbox.repository';

/** Keeps every message in the outbox (the sandbox kit's store); GET /sandbox/outbox shows them outside production. */
export function createOutboxEmailProvider(outbox: OutboxRepository): EmailProvider {
  return { kind: 'outbox', send: (message) => outbox.add(message) };
}
