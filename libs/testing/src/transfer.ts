import type { TransferAttempt } from '@crm/contract';

/** A transfer attempt as the API shows it: done, 120 of 120 contacts moved from Ann Agent (7) to Jane Doe (9); tests override what they assert on. */
export function transferAttemptFixture(overrides: Partial<TransferAttempt> = {}): TransferAttempt {
  return {
    id: 5,
    status: 'done',
    interrupted: false,
    reverted: false,
    reverting: false,
    user: { id: 7, name: 'Ann Agent' },
    to_user: { id: 9, name: 'Jane Doe' },
    changes: {},
    total_count: 120,
    processed_count: 120,
    moved_count: 120,
    progress: 100,
    failure: null,
    created_at: '2025-01-01T03:30:00Z',
    updated_at: '2025-01-01T03:31:00Z',
    ...overrides,
  };
}
