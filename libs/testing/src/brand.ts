import { everyFlag, inEveryEnvironment, type BrandConfig } from '@crm/variant';

/**
 * A small valid brand for tests. Flags: sms on for everyone, reports for admins and managers,
 * dialer off in production, everything else off.
 */
export const testBrand: BrandConfig = {
  name: 'Test Agent',
  legalName: 'Test Agent LLC',
  domains: ['test.example.com', 'localhost'],
  logo: '/logo.svg',
  favicon: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
  colors: {
    primary: '#1d3a6e',
    primaryContrast: '#ffffff',
    background: '#f7f9fc',
    surface: '#ffffff',
    text: '#14213d',
    muted: '#4a5568',
  },
  font: 'Inter, system-ui, sans-serif',
  supportEmail: 'help@test.example.com',
  supportPhone: '1-800-555-0199',
  termsText: '# Agreement\n\nBe nice to your clients.\n\n# Fees\n\nPaid in advance.',
  privacyText: 'We protect your data.',
  roleLabels: {
    admin: 'System Admin',
    sub_admin: 'Admin',
    manager: 'Sales Manager',
    agent: 'Agent',
  },
  roleLists: {
    general: ['admin', 'sub_admin', 'manager', 'agent'],
    managerAssignable: ['agent'],
    adminLevel: ['admin', 'sub_admin'],
  },
  agentTitles: [{ value: 'insurance_agent', label: 'Insurance Agent' }],
  sellsMedicare: false,
  keystrokeExtras: '',
  analyticsId: null,
  helpWidget: false,
  flags: {
    ...everyFlag([]),
    sms: inEveryEnvironment('all'),
    reports: inEveryEnvironment(['admin', 'manager']),
    dialer: { development: 'all', stage: 'all', demo: ['admin'], production: [] },
  },
  companyOverrides: {},
};
