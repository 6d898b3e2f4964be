export { CampaignTriggersPage as Component } from '@crm/admin';
