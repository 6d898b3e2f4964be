import type { CurrentUser, FlagName, Role, SubscriptionType, TelephonyKind } from '@crm/contract';
import { ADMIN_ROLES, BILLING_GATE, ORDER_TYPES } from '@crm/contract';
import { dashboardTypesFor } from '../dashboard/dashboard-types';
import type { UserRelations, UserRow } from './users.repository';

export type Impersonation = { id: number; name: string; loginType: 'login_as' | 'impersonate' } | null;

const emptyMeta = { current_page: 1, limit: 25, total_count: 0, total_pages: 0 };

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function termsState(user: UserRow, termsVersion: number): { tos: boolean; updated_tos: boolean } {
  const accepted = user.tosAcceptedVersion;
  return { tos: accepted !== null, updated_tos: accepted !== null && accepted < termsVersion };
}

export function isAdmin(roles: readonly Role[]): boolean {
  return roles.some((r) => ADMIN_ROLES.includes(r));
}

/**
 * `paid_user?`: paid membership granted without a plan (by an administrator, or from before
 * billing), or a plan's paid period that has not ended (modules/billing keeps users.paid_until).
 */
export function isPaid(user: Pick<UserRow, 'paidUser' | 'paidUntil'>, now: Date = new Date()): boolean {
  return user.paidUser || (user.paidUntil !== null && user.paidUntil.getTime() > now.getTime());
}

/**
 * The account gate of spec part 1 §2 that is still open, if any, in the browser's order: a forced
 * password change, a required second factor not yet set up, terms not (re-)accepted, an unpaid
 * account (`billing`). Impersonated sessions are exempt; so are the endpoints marked `gate: 'exempt'`
 * (profile, billing, session).
 */
export function openGate(user: UserRow, termsVersion: number): 'password' | 'two_factor' | 'terms' | typeof BILLING_GATE | null {
  if (user.changePassword) return 'password';
  if (user.twoFaRequired && !user.otpEnabled) return 'two_factor';
  const terms = termsState(user, termsVersion);
  if (!terms.tos || terms.updated_tos) return 'terms';
  if (!isPaid(user)) return BILLING_GATE;
  return null;
}

/**
 * A user's subscription state for one kind of telephony plan, dialer or SMS (read by
 * telephony-plans.repository.ts userStates): what "Subscriptions on the user" are made of. Declared
 * here, below the telephony plans, which import it: users/me gets the states through the
 * `statesOf` it is given (TelephonyPlanStates), so users needs nothing of telephony-plans.
 */
export type TelephonyPlanState = {
  companySubscriptionId: number | null;
  subscription: { id: number; type: SubscriptionType; active: boolean; allocation: number; paid: boolean } | null;
  used: number;
};

/** What users/me asks of the telephony plans: a user's dialer and SMS states (telephony-plans.service.ts statesOf). */
export type TelephonyPlanStates = {
  statesOf(user: { id: number; companyId: number }): Promise<Record<TelephonyKind, TelephonyPlanState>>;
};

/** A personal subscription as "Subscriptions on the user" name it: its id, and the order type of a manager or self one. */
function personal(state: TelephonyPlanState) {
  const sub = state.subscription;
  if (!sub || sub.type === 'company') return null;
  return { id: sub.id, order_type: ORDER_TYPES[sub.type] };
}

/**
 * Spec part 1 §3 "Subscriptions on the user" and the dialer's subscription, type (§4) and licence,
 * from which the browser tells whether the dialer is enabled (§5; telephony-plans.service.ts dialerEnabled).
 */
export function subscriptionsOnUser(dialer: TelephonyPlanState, sms: TelephonyPlanState) {
  const sub = dialer.subscription;
  return {
    company_sms_subscription: sms.companySubscriptionId === null ? null : { id: sms.companySubscriptionId },
    sms_subscription: personal(sms),
    company_dialer_subscription: dialer.companySubscriptionId === null ? null : { id: dialer.companySubscriptionId },
    dialer_subscription: sub ? { active: sub.active, current_usage: dialer.used } : null,
    dialer_subscription_type: sub?.type ?? null,
    dialer_license: sub ? { paid: sub.paid, allocation: sub.allocation } : null,
  };
}

/**
 * Maps a user row to the "Current user" of spec part 1 §3. Lists whose features arrive with later
 * issues (SOA requests, authorised IPs, office locations) are empty
 * here because the user has none yet, not invented.
 */
export function toCurrentUser(
  user: UserRow,
  rel: UserRelations,
  options: {
    termsVersion: number;
    impersonation: Impersonation;
    features: Record<FlagName, boolean>;
    subscriptions: Record<TelephonyKind, TelephonyPlanState>;
  },
): CurrentUser {
  const { dialer, sms } = options.subscriptions;
  const roles = rel.roles.length ? rel.roles : [user.accountType as Role];
  return {
    id: user.id,
    brand: rel.company.brand,
    username: user.username,
    email: user.email,
    admin: isAdmin(roles),
    roles,
    timezone: user.timezone as CurrentUser['timezone'],
    ...termsState(user, options.termsVersion),
    c_1: user.c1,
    'paid_user?': isPaid(user),
    'change_password?': user.changePassword,
    'two_fa_is_required?': user.twoFaRequired,
    'has_2fa_enabled?': user.otpEnabled,
    otp_delivery: user.otpDelivery as CurrentUser['otp_delivery'],
    last_otp_at: user.lastOtpAt?.toISOString() ?? null,
    profile: {
      first_name: user.firstName,
      last_name: user.lastName,
      personal_photo: { url: user.personalPhotoUrl },
      logo: user.logoUrl,
      font_size: user.fontSize as CurrentUser['profile']['font_size'],
      primary_color: user.primaryColor,
      background: user.background,
      account_type: user.accountType as Role,
      about_me: user.aboutMe,
      dialer_verified_phone_number: user.dialerVerifiedPhoneNumber,
      dialer_enabled: user.dialerEnabled,
      title: user.title,
    },
    signup: null,
    company: { id: rel.company.id, name: rel.company.name, domain_name: rel.company.domainName },
    webpage: null,
    upline: rel.upline ? { id: rel.upline.id, name: fullName(rel.upline) } : null,
    favorite_users: rel.favoriteUsers.map((f) => ({ id: f.id, name: fullName(f) })),
    dashboard_info: { types: dashboardTypesFor(rel.company.brand) },
    available_phone_numbers: [],
    api_keys: rel.apiKeys,
    quick_filters: rel.quickFilters,
    soa_requests: [],
    soa_requests_meta: emptyMeta,
    soa_request: null,
    auth_ips: [],
    auth_ips_meta: emptyMeta,
    office_locations: [],
    office_locations_meta: emptyMeta,
    ...subscriptionsOnUser(dialer, sms),
    impersonated_by: options.impersonation
      ? { id: options.impersonation.id, name: options.impersonation.name, login_type: options.impersonation.loginType }
      : null,
    features: options.features,
    created_at: user.createdAt.toISOString(),
  };
}
