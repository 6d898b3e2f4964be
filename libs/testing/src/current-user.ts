import type { CurrentUser, Role } from '@crm/contract';
import {
  parseBrandConfig,
  resolveFlags,
  type AppEnvironment,
  type BrandConfig,
  type FlagName,
} from '@crm/variant';
import { testBrand } from './brand';

const meta = { current_page: 1, limit: 25, total_count: 0, total_pages: 0 };

/** Fields to change on the fixture user; `profile` is merged into the default profile. */
export type UserOverrides = Omit<Partial<CurrentUser>, 'profile'> & {
  profile?: Partial<CurrentUser['profile']>;
};

/**
 * The flags as the server would resolve them for `role` in `brand` (the brand's matrix, no company
 * or administrator overrides); production unless another environment is given.
 */
export function featuresFor(
  brand: BrandConfig,
  role: Role | null,
  environment: AppEnvironment = 'production',
): Record<FlagName, boolean> {
  return resolveFlags(parseBrandConfig(brand), { role, environment, companyId: null });
}

/**
 * A complete current user (an agent in good standing); override what a test needs. Unless given,
 * `features` are testBrand's matrix in production for the user's account type (as the server
 * would answer them).
 */
export function makeUser(overrides: UserOverrides = {}): CurrentUser {
  const { profile, ...rest } = overrides;
  const fullProfile: CurrentUser['profile'] = {
    first_name: 'Ann',
    last_name: 'Agent',
    personal_photo: { url: null },
    logo: null,
    font_size: null,
    primary_color: null,
    background: null,
    account_type: 'agent',
    about_me: null,
    dialer_verified_phone_number: null,
    dialer_enabled: false,
    title: null,
    ...profile,
  };
  return {
    id: 7,
    brand: 'harbor',
    username: 'ann.agent',
    email: 'ann@example.com',
    admin: false,
    roles: ['agent'],
    timezone: 'est',
    tos: true,
    updated_tos: false,
    c_1: false,
    'paid_user?': true,
    'change_password?': false,
    'two_fa_is_required?': false,
    'has_2fa_enabled?': false,
    otp_delivery: 'app',
    last_otp_at: null,
    profile: fullProfile,
    signup: null,
    company: { id: 1, name: 'Harbor Agency', domain_name: 'harbor.example' },
    webpage: null,
    upline: null,
    favorite_users: [],
    dashboard_info: {},
    available_phone_numbers: [],
    api_keys: [],
    quick_filters: [],
    soa_requests: [],
    soa_requests_meta: meta,
    soa_request: null,
    auth_ips: [],
    auth_ips_meta: meta,
    office_locations: [],
    office_locations_meta: meta,
    company_sms_subscription: null,
    sms_subscription: null,
    company_dialer_subscription: null,
    dialer_subscription: null,
    dialer_subscription_type: null,
    dialer_license: null,
    impersonated_by: null,
    features: featuresFor(testBrand, fullProfile.account_type),
    created_at: '2024-01-01T00:00:00.000Z',
    ...rest,
  };
}
