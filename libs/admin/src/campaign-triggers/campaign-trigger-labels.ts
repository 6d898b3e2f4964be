import { TRIGGER_TYPE_LABELS, type CampaignChannel, type CampaignRecurrence, type CampaignTrigger, type CampaignTriggerScope } from '@crm/contract';

export const CHANNEL_LABELS: Record<CampaignChannel, string> = { sms: 'Text message', email: 'E-mail' };
export const RECURRENCE_LABELS: Record<CampaignRecurrence, string> = { once: 'Once', yearly: 'Every year', monthly: 'Every month' };
export const SCOPE_LABELS: Record<CampaignTriggerScope, string> = { company: 'This company', brand: 'Every company of the brand' };

export const typeLabel = (trigger: Pick<CampaignTrigger, 'trigger_type'>) => TRIGGER_TYPE_LABELS[trigger.trigger_type];

/** Select options of a label map, in its order. */
export const optionsOf = <K extends string>(labels: Record<K, string>) => (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
