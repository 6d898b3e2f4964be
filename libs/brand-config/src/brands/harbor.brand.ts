import type { BrandConfig } from '../brand-config';
import { everyFlag, inEveryEnvironment } from '../flag-matrix';
import { privacyText, termsText } from '../legal-text';
import { BASE_AGENT_TITLES } from './agent-titles';

/** Harbor Agent: the CRM brand for general insurance and financial agents. */
export const harborBrand: BrandConfig = {
  name: 'Harbor Agent',
  legalName: 'Harbor Agent Technologies, LLC',
  domains: ['harboragent.com', 'www.harboragent.com', 'platform.harboragent.com', 'harbor.localhost'],
  logo: '/logo.svg',
  favicon: '/favicon.svg',
  colors: {
    primary: '#0b5e66',
    primaryContrast: '#ffffff',
    background: '#f3f7f9',
    surface: '#ffffff',
    text: '#10233f',
    muted: '#4a5a70',
  },
  font: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  supportEmail: 'support@harboragent.com',
  supportPhone: '1-800-555-0142',
  termsText: termsText({ name: 'Harbor Agent', legalName: 'Harbor Agent Technologies, LLC', supportEmail: 'support@harboragent.com' }),
  privacyText: privacyText({ supportEmail: 'support@harboragent.com' }),
  roleLabels: {
    admin: 'System Admin',
    sub_admin: 'Admin',
    bu_admin: 'Business Unit Admin',
    manager: 'Manager',
    district_manager: 'District Manager',
    field_manager: 'Field Manager',
    telemarketer: 'Telemarketer',
    agent: 'Agent',
  },
  roleLists: {
    general: [
      'admin',
      'sub_admin',
      'bu_admin',
      'manager',
      'district_manager',
      'field_manager',
      'telemarketer',
      'agent',
    ],
    managerAssignable: ['district_manager', 'field_manager', 'telemarketer', 'agent'],
    adminLevel: ['admin', 'sub_admin', 'bu_admin'],
  },
  agentTitles: BASE_AGENT_TITLES,
  sellsMedicare: true,
  keystrokeExtras: '',
  analyticsId: null,
  helpWidget: false,
  flags: {
    ...everyFlag('all'),
    reports: inEveryEnvironment(['admin', 'bu_admin', 'manager', 'district_manager']),
    contact_merge: inEveryEnvironment(['admin']),
    transfer_log: inEveryEnvironment(['admin', 'bu_admin', 'manager']),
    mailer_assignment: inEveryEnvironment(['admin', 'manager']),
    import_lead_tracking: inEveryEnvironment(['admin', 'manager']),
    impersonate_bu_admin: inEveryEnvironment(['admin']),
    // Single sign-on uses the sandbox issuer outside production; production needs OIDC_ISSUER first.
    sso: { development: 'all', stage: 'all', demo: 'all', production: [] },
    aftercare: inEveryEnvironment([]),
  },
  companyOverrides: {},
};
