import { describe, expect, it, vi } from 'vitest';
import { TRANSFER_MAX_CONTACTS, TRANSFER_TOO_MANY } from '@crm/contract';
import { HttpError } from '../../lib/http-errors';
import type { ContactsCaller } from '../contacts/contacts.service';
import type { TransfersRepository } from './transfers.repository';
import { createTransfersService } from './transfers.service';

const caller = { user: { id: 7, companyId: 1, accountType: 'manager', timezone: 'est' }, roles: ['manager'] } as unknown as ContactsCaller;

/** The service with the selection answering `found` ids (the repository and queue must not be reached past the checks). */
function serviceFinding(found: number) {
  const create = vi.fn();
  const send = vi.fn();
  const selectedItems = vi.fn(async (_caller: unknown, body: { limit: number }) => ({ ids: Array.from({ length: Math.min(found, body.limit) }, (_, i) => i + 1) }));
  const service = createTransfersService({
    transfers: { create } as unknown as TransfersRepository,
    contacts: { selectedItems, checkReferences: vi.fn(), requireReachable: vi.fn() },
    ownerReachable: async () => true,
    jobs: { send, interrupted: vi.fn() },
  });
  return { service, create, send, selectedItems };
}

describe('the transfer limit (spec part 2 §9: at most 250,000 contacts)', () => {
  it('refuses 250,001 matching contacts with a 422 beside ids, before anything is stored or queued', async () => {
    const { service, create, send, selectedItems } = serviceFinding(TRANSFER_MAX_CONTACTS + 1);
    const error = await service.transferGroup(caller, { all: true, user_id: 9 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).errors).toEqual({ ids: TRANSFER_TOO_MANY });
    expect(TRANSFER_TOO_MANY).toBe('At most 250,000 contacts can be moved at once');
    // it asks for one more than the limit, so that "more than" can be told
    expect(selectedItems.mock.calls[0]?.[1]).toMatchObject({ limit: 250_001 });
    expect(create).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('takes exactly 250,000', async () => {
    const { service, create, send } = serviceFinding(TRANSFER_MAX_CONTACTS);
    create.mockResolvedValue(1);
    await service.transferGroup(caller, { all: true, user_id: 9 }).catch(() => undefined);
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ totalCount: 250_000 }));
    expect(send).toHaveBeenCalledWith('contacts-transfer', { attemptId: 1, action: 'move' }, { singletonKey: 'transfer:1' });
  });
});
