import {
  PLACED_POLICY_STATUSES,
  updatePolicyBody,
  type createPolicy,
  type ParsedBodyOf,
  type Policy,
  type PolicyStatus,
  type updatePolicy,
} from '@crm/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { ContactsCaller, ContactsService } from '../contacts/contacts.service';
import type { PoliciesRepository, PolicyRecord, PolicyValues } from './policies.repository';

type CreateInput = ParsedBodyOf<typeof createPolicy>;
type UpdateInput = ParsedBodyOf<typeof updatePolicy>;

type Deps = { policies: PoliciesRepository; contacts: Pick<ContactsService, 'requireReachable'> };

export function toPolicy(p: PolicyRecord): Policy {
  return {
    id: p.id,
    contact_id: p.contactId,
    carrier: p.carrier,
    policy_type: p.policyType as Policy['policy_type'],
    policy_number: p.policyNumber,
    status: p.status as Policy['status'],
    premium: p.premium,
    premium_mode: p.premiumMode as Policy['premium_mode'],
    face_amount: p.faceAmount,
    application_date: p.applicationDate,
    effective_date: p.effectiveDate,
    termination_date: p.terminationDate,
    note: p.note,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** The fields given, as columns (absent ones left out, null clears). */
function valuesOf(body: UpdateInput): PolicyValues {
  const v: PolicyValues = {};
  if (body.carrier_id !== undefined) v.carrierId = body.carrier_id;
  if (body.policy_type !== undefined) v.policyType = body.policy_type;
  if (body.policy_number !== undefined) v.policyNumber = body.policy_number;
  if (body.status !== undefined) v.status = body.status;
  if (body.premium !== undefined) v.premium = body.premium;
  if (body.premium_mode !== undefined) v.premiumMode = body.premium_mode;
  if (body.face_amount !== undefined) v.faceAmount = body.face_amount;
  if (body.application_date !== undefined) v.applicationDate = body.application_date;
  if (body.effective_date !== undefined) v.effectiveDate = body.effective_date;
  if (body.termination_date !== undefined) v.terminationDate = body.termination_date;
  if (body.note !== undefined) v.note = body.note;
  return v;
}

const isPlaced = (status: string | undefined) => status !== undefined && PLACED_POLICY_STATUSES.includes(status as PolicyStatus);

/**
 * Policies of a contact (spec part 2 §7 "Policies and securities"). Saving a policy with a placed
 * status (issued, in force) makes a lead or prospect a client; deleting one never changes the category.
 */
export function createPoliciesService({ policies, contacts }: Deps) {
  async function checkCarrier(caller: ContactsCaller, carrierId: number | null | undefined): Promise<void> {
    if (typeof carrierId === 'number' && !(await policies.carrierOfCompany(caller.user.companyId, carrierId))) {
      throw unprocessable({ carrier_id: 'Choose a carrier' });
    }
  }

  async function existing(caller: ContactsCaller, contactId: number, policyId: number, withTrashed = false): Promise<PolicyRecord> {
    const contact = await contacts.requireReachable(caller, contactId, { withTrashed });
    const policy = await policies.find(contact.id, policyId);
    if (!policy) throw notFound('Policy');
    return policy;
  }

  return {
    async list(caller: ContactsCaller, contactId: number): Promise<{ data: Policy[] }> {
      const contact = await contacts.requireReachable(caller, contactId, { withTrashed: true });
      return { data: (await policies.list(contact.id)).map(toPolicy) };
    },

    async show(caller: ContactsCaller, contactId: number, policyId: number): Promise<{ data: Policy }> {
      return { data: toPolicy(await existing(caller, contactId, policyId, true)) };
    },

    async create(caller: ContactsCaller, contactId: number, body: CreateInput): Promise<{ data: Policy }> {
      const contact = await contacts.requireReachable(caller, contactId);
      await checkCarrier(caller, body.carrier_id);
      const values = { ...valuesOf(body), policyType: body.policy_type };
      return { data: toPolicy(await policies.insert(contact.id, values, isPlaced(body.status))) };
    },

    async update(caller: ContactsCaller, contactId: number, policyId: number, body: UpdateInput): Promise<{ data: Policy }> {
      const current = await existing(caller, contactId, policyId);
      await checkCarrier(caller, body.carrier_id);
      // The contract checks the order of dates given together; the stored one counts for a date left out.
      const dates = updatePolicyBody.safeParse({
        effective_date: body.effective_date === undefined ? current.effectiveDate : body.effective_date,
        termination_date: body.termination_date === undefined ? current.terminationDate : body.termination_date,
      });
      const issue = dates.error?.issues[0];
      if (issue) throw unprocessable({ [issue.path.join('.')]: issue.message });
      const updated = await policies.update(current.contactId, current.id, valuesOf(body), isPlaced(body.status));
      if (!updated) throw notFound('Policy');
      return { data: toPolicy(updated) };
    },

    async remove(caller: ContactsCaller, contactId: number, policyId: number): Promise<void> {
      const current = await existing(caller, contactId, policyId);
      await policies.delete(current.contactId, current.id);
    },
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
