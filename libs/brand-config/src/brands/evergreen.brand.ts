import type { BrandConfig } from '../brand-config';
import { everyFlag, inEveryEnvironment } from '../flag-matrix';
import { privacyText, termsText } from '../legal-text';
import { BASE_AGENT_TITLES } from './agent-titles';

const parties = { name: 'Evergreen Preneed', legalName: 'Evergreen Preneed Solutions, LLC', supportEmail: 'care@evergreenpreneed.com' };

/** Everyone except basic users. Basic users lose calling, texting, campaigns, workflows and reports. */
const paidRoles = ['admin', 'bu_admin', 'manager', 'district_manager', 'field_manager', 'telemarketer', 'agent'] as const;

/** Evergreen Preneed: funeral homes and preneed agents; has the basic role and aftercare. */
export const evergreenBrand: BrandConfig = {
  name: parties.name,
  legalName: parties.legalName,
  domains: ['evergreenpreneed.com', 'www.evergreenpreneed.com', 'platform.evergreenpreneed.com', 'evergreen.localhost'],
  logo: '/logo.svg',
  favicon: '/favicon.svg',
  colors: {
    primary: '#2f6b3a',
    primaryContrast: '#ffffff',
    background: '#f4f7f2',
    surface: '#ffffff',
    text: '#1c2a1f',
    muted: '#4d5b50',
  },
  font: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  supportEmail: parties.supportEmail,
  supportPhone: '1-877-555-0163',
  termsText: termsText(parties),
  privacyText: privacyText(parties),
  roleLabels: {
    admin: 'System Admin',
    sub_admin: 'Admin',
    bu_admin: 'Business Unit Admin',
    manager: 'Manager',
    district_manager: 'District Manager',
    field_manager: 'Field Manager',
    telemarketer: 'Telemarketer',
    agent: 'Agent',
    basic: 'Basic',
  },
  roleLists: {
    general: ['admin', 'sub_admin', 'bu_admin', 'manager', 'district_manager', 'field_manager', 'telemarketer', 'agent', 'basic'],
    managerAssignable: ['district_manager', 'field_manager', 'telemarketer', 'agent', 'basic'],
    adminLevel: ['admin', 'sub_admin', 'bu_admin'],
  },
  agentTitles: [
    ...BASE_AGENT_TITLES,
    { value: 'funeral_director', label: 'Funeral Director' },
    { value: 'preneed_agent', label: 'Preneed Agent' },
    { value: 'advanced_planning_specialist', label: 'Advanced Planning Specialist' },
    { value: 'prearrangement_specialist', label: 'Prearrangement Specialist' },
  ],
  sellsMedicare: false,
  keystrokeExtras: '',
  analyticsId: null,
  helpWidget: false,
  flags: {
    ...everyFlag([...paidRoles]),
    reports: inEveryEnvironment(['admin', 'bu_admin', 'manager', 'district_manager']),
    contact_merge: inEveryEnvironment(['admin']),
    transfer_log: inEveryEnvironment(['admin', 'bu_admin', 'manager']),
    mailer_assignment: inEveryEnvironment(['admin', 'manager']),
    import_lead_tracking: inEveryEnvironment(['admin', 'manager']),
    impersonate_bu_admin: inEveryEnvironment(['admin']),
    sso: { development: 'all', stage: 'all', demo: 'all', production: [] },
    aftercare: inEveryEnvironment('all'),
  },
  companyOverrides: {},
};
