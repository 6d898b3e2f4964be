import type { Core } from '../../core';
import { createCampaignTriggersRepository } from './campaign-triggers.repository';
import { createCampaignTriggersService } from './campaign-triggers.service';

/** Campaign triggers: the reusable text and e-mail messages of a company and its brand. */
export function createCampaignTriggersModule({ db, audit }: Core) {
  const campaignTriggersRepository = createCampaignTriggersRepository(db);
  return { campaignTriggersRepository, campaignTriggers: createCampaignTriggersService({ repo: campaignTriggersRepository, audit }) };
}
