import type { BrandConfig } from '../brand-config';
import { everyFlag, inEveryEnvironment } from '../flag-matrix';
import { privacyText, termsText } from '../legal-text';
import { BASE_AGENT_TITLES } from './agent-titles';

const parties = { name: 'Keystone Central', legalName: 'Keystone Central Insurance Services, Inc.', supportEmail: 'help@keystonecentral.com' };

/**
 * Keystone Central, the "central" variant: no sub_admin anywhere, a regional manager who can
 * impersonate, two extra agent titles, and `#` and `/` allowed in filtered text fields.
 */
export const keystoneBrand: BrandConfig = {
  name: parties.name,
  legalName: parties.legalName,
  domains: ['keystonecentral.com', 'www.keystonecentral.com', 'platform.keystonecentral.com', 'keystone.localhost'],
  logo: '/logo.svg',
  favicon: '/favicon.svg',
  colors: {
    primary: '#8a4b00',
    primaryContrast: '#ffffff',
    background: '#f7f6f3',
    surface: '#ffffff',
    text: '#1f2430',
    muted: '#525866',
  },
  font: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  supportEmail: parties.supportEmail,
  supportPhone: '1-888-555-0178',
  termsText: termsText(parties),
  privacyText: privacyText(parties),
  roleLabels: {
    admin: 'System Admin',
    bu_admin: 'Business Unit Admin',
    regional_manager: 'Regional Manager',
    manager: 'Manager',
    district_manager: 'District Manager',
    field_manager: 'Field Manager',
    telemarketer: 'Telemarketer',
    agent: 'Agent',
  },
  roleLists: {
    general: ['admin', 'bu_admin', 'regional_manager', 'manager', 'district_manager', 'field_manager', 'telemarketer', 'agent'],
    managerAssignable: ['district_manager', 'field_manager', 'telemarketer', 'agent'],
    adminLevel: ['admin', 'bu_admin', 'regional_manager'],
  },
  agentTitles: [
    ...BASE_AGENT_TITLES,
    { value: 'licensed_insurance_agent', label: 'Licensed Insurance Agent' },
    { value: 'agency_sales_manager', label: 'Agency Sales Manager' },
  ],
  sellsMedicare: true,
  keystrokeExtras: '#/',
  analyticsId: null,
  helpWidget: true,
  flags: {
    ...everyFlag('all'),
    reports: inEveryEnvironment(['admin', 'bu_admin', 'regional_manager', 'manager', 'district_manager']),
    contact_merge: inEveryEnvironment(['admin']),
    transfer_log: inEveryEnvironment(['admin', 'bu_admin', 'regional_manager', 'manager']),
    mailer_assignment: inEveryEnvironment(['admin', 'manager']),
    import_lead_tracking: inEveryEnvironment(['admin', 'manager']),
    impersonate_bu_admin: inEveryEnvironment(['admin', 'regional_manager']),
    sso: { development: 'all', stage: 'all', demo: 'all', production: [] },
    aftercare: inEveryEnvironment([]),
  },
  companyOverrides: {},
};
