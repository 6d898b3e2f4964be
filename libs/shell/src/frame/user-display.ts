import { IANA_TIMEZONES, type CurrentUser } from '@crm/contract';
import type { BrandConfig } from '@crm/variant';

/** "First Last", or the username when the profile has no name. */
export function userDisplayName(user: Pick<CurrentUser, 'profile' | 'username'>): string {
  const name = `${user.profile.first_name} ${user.profile.last_name}`.trim();
  return name || user.username;
}

/** The brand's label for the user's role (profile.account_type). */
export function userRoleLabel(
  user: Pick<CurrentUser, 'profile'>,
  brand: Pick<BrandConfig, 'roleLabels'>,
): string {
  const role = user.profile.account_type;
  return brand.roleLabels[role] ?? role.replace(/_/g, ' ');
}

/** The IANA zone dates are shown in for this user. */
export function userTimeZone(user: Pick<CurrentUser, 'timezone'>): string {
  return IANA_TIMEZONES[user.timezone];
}
