import type { FlagName, Role } from '@crm/contract';
import type { BrandConfig } from '@crm/variant';

/** How each feature flag is named on the admin screens. */
export const FLAG_LABELS: Record<FlagName, string> = {
  sms: 'SMS',
  dialer: 'Dialer',
  email_campaigns: 'Email campaigns',
  workflow: 'Workflows',
  reports: 'Reports',
  contact_merge: 'Contact merge',
  transfer_log: 'Transfer log',
  mailer_assignment: 'Mailer assignment',
  import_lead_tracking: 'Import lead tracking',
  impersonate_bu_admin: 'Impersonate business-unit admins',
  sso: 'Single sign-on',
  aftercare: 'Aftercare',
};

/** The brand's label for a role (its own words; the role's name when it has none). */
export function roleLabel(brand: Pick<BrandConfig, 'roleLabels'>, role: Role): string {
  return brand.roleLabels[role] ?? role.replace(/_/g, ' ');
}

/** "First Last", or the e-mail when the user has no name. */
export function fullName(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
