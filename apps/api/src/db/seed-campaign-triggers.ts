import type { CampaignTriggersRepository } from '../modules/campaign-triggers/campaign-triggers.repository';

export type DemoCampaignTriggerRepositories = { campaignTriggers: Pick<CampaignTriggersRepository, 'ensure'> };

/**
 * A demo company's campaign triggers, so that Admin → Campaign triggers and the agents' pick list
 * show what agencies keep: a birthday text, a welcome text for a new lead, and a policy anniversary
 * e-mail. Added once by name; a second run adds nothing.
 */
export async function seedDemoCampaignTriggers({ campaignTriggers }: DemoCampaignTriggerRepositories, company: { companyId: number; brand: string }): Promise<void> {
  const base = { brand: company.brand, companyId: company.companyId, active: true };
  await campaignTriggers.ensure({
    ...base,
    name: 'Happy birthday',
    channel: 'sms',
    triggerType: 'birthday',
    recurrence: 'yearly',
    message: 'Happy birthday, {first_name}! Wishing you a healthy year ahead. Reply STOP to opt out.',
  });
  await campaignTriggers.ensure({
    ...base,
    name: 'New lead welcome',
    channel: 'sms',
    triggerType: 'new_lead',
    recurrence: 'once',
    message: 'Hi {first_name}, thanks for your interest. I will call you shortly to go over your options. Reply STOP to opt out.',
  });
  await campaignTriggers.ensure({
    ...base,
    name: 'Policy anniversary',
    channel: 'email',
    triggerType: 'policy_anniversary',
    recurrence: 'yearly',
    emailSubject: 'Happy policy anniversary',
    message: 'A year ago today your policy began. If anything has changed, reply to this e-mail and we will review your coverage together.',
  });
}
