import {
  BRAND_TRIGGERS_SYSTEM_ADMIN_ONLY,
  campaignTriggerBody,
  DUPLICATE_CAMPAIGN_TRIGGER,
  type CampaignChannel,
  type CampaignTrigger,
  type CampaignTriggerPatch,
  type CampaignTriggersQuery,
  type UsableCampaignTrigger,
} from '@crm/contract';
import { z } from 'zod';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import type { AuditRepository } from '../audit/audit.repository';
import type { Identity, RequestMeta } from '../sessions/identity';
import { DuplicateCampaignTriggerName, type CampaignTriggerRow, type CampaignTriggersRepository, type TriggerReach } from './campaign-triggers.repository';

type NewTrigger = z.output<typeof campaignTriggerBody>;

function toCampaignTrigger(row: CampaignTriggerRow): CampaignTrigger {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel as CampaignTrigger['channel'],
    trigger_type: row.triggerType as CampaignTrigger['trigger_type'],
    recurrence: row.recurrence as CampaignTrigger['recurrence'],
    scope: row.companyId === null ? 'brand' : 'company',
    email_subject: row.emailSubject,
    message: row.message,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toUsable = ({ id, name, trigger_type, recurrence, email_subject, message }: CampaignTrigger): UsableCampaignTrigger => ({ id, name, trigger_type, recurrence, email_subject, message });

const reachOf = (identity: Identity): TriggerReach => ({ brand: identity.brand, companyId: identity.user.companyId });

/** A brand-wide trigger is every company's: only a System Admin (role admin) makes, changes or deletes one. */
function mayKeep(identity: Identity, scope: 'company' | 'brand'): void {
  if (scope === 'brand' && !identity.roles.includes('admin')) throw forbidden({ scope: BRAND_TRIGGERS_SYSTEM_ADMIN_ONLY });
}

/** The fields of a trigger as the contract names them, for checking a change against the rules of a new trigger. */
const asBody = (row: CampaignTriggerRow) => ({
  name: row.name,
  channel: row.channel,
  trigger_type: row.triggerType,
  recurrence: row.recurrence,
  scope: row.companyId === null ? 'brand' : 'company',
  email_subject: row.emailSubject,
  message: row.message,
  active: row.active,
});

/** The columns of a checked trigger for its scope. */
const columnsOf = (identity: Identity, trigger: NewTrigger) => ({
  brand: identity.brand,
  companyId: trigger.scope === 'brand' ? null : identity.user.companyId,
  name: trigger.name,
  channel: trigger.channel,
  triggerType: trigger.trigger_type,
  recurrence: trigger.recurrence,
  emailSubject: trigger.email_subject,
  message: trigger.message,
  active: trigger.active,
});

async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DuplicateCampaignTriggerName) throw unprocessable({ name: DUPLICATE_CAMPAIGN_TRIGGER });
    throw error;
  }
}

/**
 * Campaign triggers: an administrator (admin or sub_admin) keeps their company's, and a System
 * Admin also the brand's, which every company of the brand sees; another company's trigger is a
 * 404. Every change is audited. Agents are offered the active ones of a channel.
 */
export function createCampaignTriggersService({ repo, audit }: { repo: CampaignTriggersRepository; audit: Pick<AuditRepository, 'record'> }) {
  async function found(identity: Identity, id: number): Promise<CampaignTriggerRow> {
    const row = await repo.find(reachOf(identity), id);
    if (!row) throw notFound('Campaign trigger');
    return row;
  }

  const record = (identity: Identity, meta: RequestMeta, action: 'created' | 'updated' | 'deleted', row: CampaignTriggerRow) =>
    audit.record({
      event: 'campaign_trigger_changed',
      userId: identity.user.id,
      actorUserId: identity.user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      details: { action, trigger_id: row.id, scope: row.companyId === null ? 'brand' : 'company', name: row.name },
    });

  return {
    async list(identity: Identity, query: CampaignTriggersQuery) {
      const { rows, total } = await repo.page(reachOf(identity), query);
      return {
        data: rows.map(toCampaignTrigger),
        meta: { current_page: query.page, limit: query.limit, total_count: total, total_pages: Math.ceil(total / query.limit) },
      };
    },

    show: async (identity: Identity, id: number) => toCampaignTrigger(await found(identity, id)),

    async create(identity: Identity, body: NewTrigger, meta: RequestMeta) {
      mayKeep(identity, body.scope);
      const row = await uniqueName(repo.insert({ ...columnsOf(identity, body), createdBy: identity.user.id }));
      await record(identity, meta, 'created', row);
      return toCampaignTrigger(row);
    },

    /** A change of some fields; the trigger it makes is checked as a new one is, each refusal on its field. */
    async update(identity: Identity, id: number, patch: CampaignTriggerPatch, meta: RequestMeta) {
      const current = await found(identity, id);
      const before = toCampaignTrigger(current);
      mayKeep(identity, before.scope);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const next = campaignTriggerBody.safeParse({ ...asBody(current), ...defined });
      if (!next.success) throw unprocessable(Object.fromEntries(next.error.issues.map((issue) => [String(issue.path[0] ?? 'base'), issue.message])));
      mayKeep(identity, next.data.scope);
      const row = await uniqueName(repo.update(id, columnsOf(identity, next.data)));
      await record(identity, meta, 'updated', row);
      return toCampaignTrigger(row);
    },

    async remove(identity: Identity, id: number, meta: RequestMeta) {
      const row = await found(identity, id);
      mayKeep(identity, row.companyId === null ? 'brand' : 'company');
      await repo.delete(id);
      await record(identity, meta, 'deleted', row);
    },

    usable: async (identity: Identity, channel: CampaignChannel) => (await repo.usable(reachOf(identity), channel)).map((row) => toUsable(toCampaignTrigger(row))),
  };
}

export type CampaignTriggersService = ReturnType<typeof createCampaignTriggersService>;
