import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, pagingMeta, timestamp } from './common.contract';

// ---------------------------------------------------------------------------------------------
// Campaign triggers (spec part 2 §"Admin": /v1/admin/campaign_triggers, CRUD with filters
// trigger_type and recurrence; GET /v1/contacts/sms_campaign_triggers and
// /v1/contacts/email_campaign_triggers). A trigger is a named, reusable message for texts or
// e-mails: what it says, when it is meant to go (its type: by hand, on a birthday, a policy's
// anniversary, …) and how often (once, yearly, monthly). Administrators keep them for their
// company, and a System Admin for every company of the brand; agents pick one when they text or
// e-mail (campaign_trigger_id). The spec shows no fields: these are what an agency expects.
// ---------------------------------------------------------------------------------------------

export const CAMPAIGN_CHANNELS = ['sms', 'email'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

export const CAMPAIGN_TRIGGER_TYPES = ['manual', 'new_lead', 'birthday', 'turning_65', 'policy_anniversary', 'renewal'] as const;
export type CampaignTriggerType = (typeof CAMPAIGN_TRIGGER_TYPES)[number];

export const CAMPAIGN_RECURRENCES = ['once', 'yearly', 'monthly'] as const;
export type CampaignRecurrence = (typeof CAMPAIGN_RECURRENCES)[number];

/** Who the trigger is for: the administrator's company, or (System Admin only) every company of the brand. */
export const CAMPAIGN_TRIGGER_SCOPES = ['company', 'brand'] as const;
export type CampaignTriggerScope = (typeof CAMPAIGN_TRIGGER_SCOPES)[number];

/**
 * The recurrences each type may have: a date that comes back each year (a birthday, a policy's
 * anniversary) is yearly; something that happens once to a contact (a new lead, turning 65) is
 * once; a renewal may be yearly or monthly (premiums are paid either way); a manual message is
 * sent when an agent sends it, once.
 */
export const RECURRENCES_BY_TYPE: Record<CampaignTriggerType, readonly CampaignRecurrence[]> = {
  manual: ['once'],
  new_lead: ['once'],
  turning_65: ['once'],
  birthday: ['yearly'],
  policy_anniversary: ['yearly'],
  renewal: ['yearly', 'monthly'],
};

export const TRIGGER_TYPE_LABELS: Record<CampaignTriggerType, string> = {
  manual: 'Sent by hand',
  new_lead: 'New lead',
  birthday: 'Birthday',
  turning_65: 'Turning 65',
  policy_anniversary: 'Policy anniversary',
  renewal: 'Renewal',
};

/** The longest text Twilio sends (10 segments of GSM-7). */
export const SMS_MESSAGE_MAX = 1600;
export const EMAIL_MESSAGE_MAX = 20_000;
export const CAMPAIGN_TRIGGERS_PAGE_MAX = 100;

export const DUPLICATE_CAMPAIGN_TRIGGER = 'A campaign trigger with this name already exists here';
export const BRAND_TRIGGERS_SYSTEM_ADMIN_ONLY = 'Only a System Admin keeps campaign triggers for the whole brand';

export const campaignTrigger = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  trigger_type: z.enum(CAMPAIGN_TRIGGER_TYPES),
  recurrence: z.enum(CAMPAIGN_RECURRENCES),
  scope: z.enum(CAMPAIGN_TRIGGER_SCOPES),
  /** The e-mail's subject; null for a text. */
  email_subject: z.string().nullable(),
  /** What the text or e-mail says. */
  message: z.string(),
  /** An inactive trigger is kept but offered to no one. */
  active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CampaignTrigger = z.infer<typeof campaignTrigger>;

/** What an agent is offered when texting or e-mailing: the active triggers of their company and brand. */
export const usableCampaignTrigger = campaignTrigger.pick({ id: true, name: true, trigger_type: true, recurrence: true, email_subject: true, message: true });
export type UsableCampaignTrigger = z.infer<typeof usableCampaignTrigger>;

const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const channel = z.enum(CAMPAIGN_CHANNELS, { error: 'Channel must be sms or email' });
const triggerType = z.enum(CAMPAIGN_TRIGGER_TYPES, { error: `Trigger type must be one of ${CAMPAIGN_TRIGGER_TYPES.join(', ')}` });
const recurrence = z.enum(CAMPAIGN_RECURRENCES, { error: 'Recurrence must be once, yearly or monthly' });
const message = z.string({ error: 'Message is required' }).trim().min(1, 'Message is required');
const emailSubject = z.string({ error: 'Subject must be text' }).trim().max(200, 'Subject must be at most 200 characters');

const recurrenceMessage = (type: CampaignTriggerType) =>
  `A ${TRIGGER_TYPE_LABELS[type].toLowerCase()} trigger recurs ${RECURRENCES_BY_TYPE[type].join(' or ')}`;

/**
 * The rules that tie a trigger's fields together, each reported on the field it is about: the
 * recurrence its type allows, a subject for an e-mail (none for a text) and the length each channel takes.
 */
function checkTrigger(value: { channel: CampaignChannel; trigger_type: CampaignTriggerType; recurrence: CampaignRecurrence; message: string; email_subject?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (!RECURRENCES_BY_TYPE[value.trigger_type].includes(value.recurrence)) {
    ctx.addIssue({ code: 'custom', path: ['recurrence'], message: recurrenceMessage(value.trigger_type) });
  }
  const max = value.channel === 'sms' ? SMS_MESSAGE_MAX : EMAIL_MESSAGE_MAX;
  if (value.message.length > max) ctx.addIssue({ code: 'custom', path: ['message'], message: `Message must be at most ${max.toLocaleString('en-US')} characters for ${value.channel === 'sms' ? 'a text' : 'an e-mail'}` });
  if (value.channel === 'email' && !value.email_subject) ctx.addIssue({ code: 'custom', path: ['email_subject'], message: 'Subject is required for an e-mail' });
  if (value.channel === 'sms' && value.email_subject) ctx.addIssue({ code: 'custom', path: ['email_subject'], message: 'A text has no subject' });
}

const triggerFields = z.object({
  name,
  channel,
  trigger_type: triggerType,
  recurrence,
  scope: z.enum(CAMPAIGN_TRIGGER_SCOPES, { error: 'Scope must be company or brand' }).default('company'),
  email_subject: emptyToNull(emailSubject),
  message,
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
});

/** An empty subject is none. */
function emptyToNull(schema: z.ZodString) {
  return schema.nullish().transform((value) => (value ? value : null));
}

export const campaignTriggerBody = triggerFields.superRefine(checkTrigger);
/** A change of some fields: the rules hold for the trigger as it will be (the server checks it with the fields it keeps). */
export const campaignTriggerPatch = triggerFields.partial();
export type CampaignTriggerPatch = z.infer<typeof campaignTriggerPatch>;

export const campaignTriggersQuery = z.object({
  trigger_type: triggerType.optional(),
  recurrence: recurrence.optional(),
  channel: channel.optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(1_000_000, 'Page is too large').default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(CAMPAIGN_TRIGGERS_PAGE_MAX, `Limit must be at most ${CAMPAIGN_TRIGGERS_PAGE_MAX}`)
    .default(25),
});
export type CampaignTriggersQuery = z.infer<typeof campaignTriggersQuery>;

const admin = { tag: 'admin_campaign_triggers', access: 'admin' } as const;
const one = z.object({ data: campaignTrigger });

export const listCampaignTriggers = defineEndpoint({
  ...admin,
  method: 'GET',
  path: '/v1/admin/campaign_triggers',
  summary: "The campaign triggers of the administrator's company and of its brand, by name; filtered by trigger_type, recurrence and channel",
  query: campaignTriggersQuery,
  response: z.object({ data: z.array(campaignTrigger), meta: pagingMeta }),
});

export const showCampaignTrigger = defineEndpoint({
  ...admin,
  method: 'GET',
  path: '/v1/admin/campaign_triggers/{id}',
  summary: "One campaign trigger of the administrator's company or brand (404 for another company's)",
  params: idParams,
  response: one,
});

export const createCampaignTrigger = defineEndpoint({
  ...admin,
  method: 'POST',
  path: '/v1/admin/campaign_triggers',
  summary: "Create a campaign trigger for the administrator's company (scope company), or for every company of the brand (scope brand: System Admins only). Names are unique within the scope",
  body: campaignTriggerBody,
  response: one,
});

export const updateCampaignTrigger = defineEndpoint({
  ...admin,
  method: 'PATCH',
  path: '/v1/admin/campaign_triggers/{id}',
  summary: 'Change a campaign trigger; the trigger as it will be must hold the same rules as a new one (a brand-wide trigger: System Admins only)',
  params: idParams,
  body: campaignTriggerPatch,
  response: one,
});

export const deleteCampaignTrigger = defineEndpoint({
  ...admin,
  method: 'DELETE',
  path: '/v1/admin/campaign_triggers/{id}',
  summary: 'Delete a campaign trigger (a brand-wide one: System Admins only)',
  params: idParams,
  response: null,
});

const usable = z.object({ data: z.array(usableCampaignTrigger) });

export const smsCampaignTriggers = defineEndpoint({
  method: 'GET',
  path: '/v1/contacts/sms_campaign_triggers',
  summary: "The active text-message campaign triggers the signed-in user may send: their company's and their brand's, by name",
  tag: 'sms_campaigns',
  access: 'user',
  gate: 'enforced',
  flag: 'sms',
  response: usable,
});

export const emailCampaignTriggers = defineEndpoint({
  method: 'GET',
  path: '/v1/contacts/email_campaign_triggers',
  summary: "The active e-mail campaign triggers the signed-in user may send: their company's and their brand's, by name",
  tag: 'email',
  access: 'user',
  gate: 'enforced',
  response: usable,
});
