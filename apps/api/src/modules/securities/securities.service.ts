import type { createSecurity, ParsedBodyOf, Security, updateSecurity } from '@crm/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { ContactsCaller, ContactsService } from '../contacts/contacts.service';
import type { SecuritiesRepository, SecurityRecord, SecurityValues } from './securities.repository';

type CreateInput = ParsedBodyOf<typeof createSecurity>;
type UpdateInput = ParsedBodyOf<typeof updateSecurity>;

type Deps = { securities: SecuritiesRepository; contacts: Pick<ContactsService, 'requireReachable'> };

const MASK = '•';

/** All but the last four characters hidden: '1234567890' → '••••••7890'. */
export function maskAccountNumber(accountNumber: string | null): string | null {
  if (accountNumber === null) return null;
  const shown = Math.max(accountNumber.length - 4, 0);
  return MASK.repeat(shown) + accountNumber.slice(shown);
}

export function toSecurity(s: SecurityRecord): Security {
  return {
    id: s.id,
    contact_id: s.contactId,
    security_type: s.securityType as Security['security_type'],
    name: s.name,
    symbol: s.symbol,
    institution: s.institution,
    account_number: maskAccountNumber(s.accountNumber),
    quantity: s.quantity,
    value: s.value,
    as_of_date: s.asOfDate,
    note: s.note,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/**
 * The account number to store. The API only ever shows it masked, so a form sends the masked value
 * back when the number was not touched: that keeps the stored number. Any other value with mask
 * characters is half a number, and refused.
 */
function accountNumberOf(given: string | null | undefined, stored: string | null): string | null | undefined {
  if (given === undefined || given === null) return given;
  if (stored !== null && given === maskAccountNumber(stored)) return undefined;
  if (given.includes(MASK)) throw unprocessable({ account_number: 'Type the whole account number' });
  return given;
}

function valuesOf(body: UpdateInput, storedAccountNumber: string | null): SecurityValues {
  const v: SecurityValues = {};
  if (body.security_type !== undefined) v.securityType = body.security_type;
  if (body.name !== undefined) v.name = body.name;
  if (body.symbol !== undefined) v.symbol = body.symbol;
  if (body.institution !== undefined) v.institution = body.institution;
  const accountNumber = accountNumberOf(body.account_number, storedAccountNumber);
  if (accountNumber !== undefined) v.accountNumber = accountNumber;
  if (body.quantity !== undefined) v.quantity = body.quantity;
  if (body.value !== undefined) v.value = body.value;
  if (body.as_of_date !== undefined) v.asOfDate = body.as_of_date;
  if (body.note !== undefined) v.note = body.note;
  return v;
}

/** Securities (financial holdings) of a contact (spec part 2 §7 "Policies and securities"); account numbers leave masked. */
export function createSecuritiesService({ securities, contacts }: Deps) {
  async function existing(caller: ContactsCaller, contactId: number, securityId: number): Promise<SecurityRecord> {
    const contact = await contacts.requireReachable(caller, contactId);
    const security = await securities.find(contact.id, securityId);
    if (!security) throw notFound('Security');
    return security;
  }

  return {
    async list(caller: ContactsCaller, contactId: number): Promise<{ data: Security[] }> {
      const contact = await contacts.requireReachable(caller, contactId, { withTrashed: true });
      return { data: (await securities.list(contact.id)).map(toSecurity) };
    },

    async create(caller: ContactsCaller, contactId: number, body: CreateInput): Promise<{ data: Security }> {
      const contact = await contacts.requireReachable(caller, contactId);
      const values = { ...valuesOf(body, null), securityType: body.security_type, name: body.name };
      return { data: toSecurity(await securities.insert(contact.id, values)) };
    },

    async update(caller: ContactsCaller, contactId: number, securityId: number, body: UpdateInput): Promise<{ data: Security }> {
      const current = await existing(caller, contactId, securityId);
      const updated = await securities.update(current.contactId, current.id, valuesOf(body, current.accountNumber));
      if (!updated) throw notFound('Security');
      return { data: toSecurity(updated) };
    },

    async remove(caller: ContactsCaller, contactId: number, securityId: number): Promise<void> {
      const current = await existing(caller, contactId, securityId);
      await securities.delete(current.contactId, current.id);
    },
  };
}

export type SecuritiesService = ReturnType<typeof createSecuritiesService>;
