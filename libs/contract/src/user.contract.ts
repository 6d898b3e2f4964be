import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, pagingMeta, timestamp, emptyBody } from './common.contract';
import { role, timezone } from './roles';
import { features } from './features.contract';
import { isEmailAddress } from './email-address';
import { dashboardInfo } from './dashboard.contract';
import { SCOPE_NAMES } from './scopes';
import { apiScopes } from './api-keys.contract';

/** Bounds the input only; the server refuses anything past the rule's 128 characters long before this. */
const PASSWORD_INPUT_MAX = 1024;

/**
 * A new password. The rule itself (12–128 characters after NFKC normalisation, any characters, no
 * composition rules, refused when zxcvbn finds it on the common-password list or built from the
 * account's own words) lives in @crm/password-rule, which loads dictionaries the contract must not
 * carry: the server checks it with the account's words and answers 422 with the reason under
 * `password`; the password screens show the same reason while the user types.
 */
export const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_INPUT_MAX, 'Password must be at most 128 characters')
  .describe(
    'At least 12 and at most 128 characters (Unicode, NFKC-normalised); refused when it is a common password or guessable from the account (name, e-mail, brand, company)',
  );

/**
 * An e-mail address (users, contacts, sign-in): trimmed, in Unicode's composed form (NFC, as RFC
 * 6532 asks, so that "josé" typed two ways is one address), and checked by the product's one rule
 * (isEmailAddress: what mail systems accept, internationalised addresses included).
 */
export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .normalize('NFC')
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .refine(isEmailAddress, 'Email is invalid')
  .meta({ format: 'idn-email' });

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #1a2b3c');
export const FONT_SIZES = ['small', 'medium', 'large'] as const;

/** Profile of spec part 1 §3. Missing theme fields fall back to the brand's defaults in the browser. */
export const profile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  personal_photo: z.object({ url: z.string().nullable() }),
  logo: z.string().nullable(),
  font_size: z.enum(FONT_SIZES).nullable(),
  primary_color: hexColor.nullable(),
  background: hexColor.nullable(),
  account_type: role,
  about_me: z.string().nullable(),
  dialer_verified_phone_number: z.string().nullable(),
  dialer_enabled: z.boolean(),
  /** The agent title, one of the brand's agent titles. */
  title: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

const subscription = z.object({ id: z.number().int(), order_type: z.string().optional() }).nullable();
const listWithMeta = z.array(z.object({ id: z.number().int() }).loose());

/** Current user of spec part 1 §3 with the account flags. Keys ending in `?` are spelled as the spec spells them. */
export const currentUser = z.object({
  id: z.number().int(),
  /** The brand the user's company belongs to. */
  brand: z.string(),
  username: z.string(),
  email: z.string(),
  admin: z.boolean(),
  roles: z.array(role),
  timezone,
  tos: z.boolean(),
  updated_tos: z.boolean(),
  c_1: z.boolean(),
  'paid_user?': z.boolean(),
  'change_password?': z.boolean(),
  'two_fa_is_required?': z.boolean(),
  'has_2fa_enabled?': z.boolean(),
  otp_delivery: z.enum(['app', 'email']),
  last_otp_at: timestamp.nullable(),
  profile,
  signup: z.object({ id: z.number().int() }).loose().nullable(),
  company: z.object({ id: z.number().int(), name: z.string(), domain_name: z.string() }),
  webpage: z.object({ id: z.number().int() }).loose().nullable(),
  upline: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  favorite_users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The dashboard cards this user may ask for (PATCH /v1/dashboard answers fill the rest in). */
  dashboard_info: dashboardInfo,
  available_phone_numbers: z.array(z.string()),
  api_keys: z.array(z.object({ id: z.number().int(), name: z.string() })),
  quick_filters: listWithMeta,
  soa_requests: listWithMeta,
  soa_requests_meta: pagingMeta,
  soa_request: z.object({ id: z.number().int() }).loose().nullable(),
  auth_ips: listWithMeta,
  auth_ips_meta: pagingMeta,
  office_locations: listWithMeta,
  office_locations_meta: pagingMeta,
  company_sms_subscription: subscription,
  sms_subscription: subscription,
  company_dialer_subscription: subscription,
  dialer_subscription: z.object({ active: z.boolean(), current_usage: z.number() }).nullable(),
  dialer_subscription_type: z.enum(['company', 'manager', 'self']).nullable(),
  dialer_license: z.object({ paid: z.boolean(), allocation: z.number() }).nullable(),
  /** Who is impersonating this session, when someone is (the browser keeps its login stack from it). */
  impersonated_by: z.object({ id: z.number().int(), name: z.string(), login_type: z.enum(['login_as', 'impersonate']) }).nullable(),
  /** Every feature flag as it resolves for this user (brand matrix, company and administrator overrides). */
  features,
  created_at: timestamp,
});
export type CurrentUser = z.infer<typeof currentUser>;

export const userMe = defineEndpoint({
  method: 'GET',
  path: '/v1/users/me',
  summary: 'The signed-in user with profile, account flags and subscriptions',
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  notAbortable: true,
  response: currentUser,
});

export const acceptTos = defineEndpoint({
  method: 'PATCH',
  path: '/v1/users/accept_tos',
  summary: 'Accept the current terms of service',
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  body: emptyBody,
  response: currentUser,
});

export const updateTimezone = defineEndpoint({
  method: 'PATCH',
  path: '/v1/users/update_timezone',
  summary: 'Set the time zone dates and times are shown in',
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  body: z.object({ timezone }),
  response: currentUser,
});

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(80, `${label} must be at most 80 characters`);

export const updateProfileBody = z.object({
  first_name: name('First name'),
  last_name: name('Last name'),
  email,
  about_me: z.string().max(2000, 'About me must be at most 2000 characters').nullable().optional(),
  /** One of the brand's agent titles (checked by the server against the user's brand). */
  title: z.string().max(60).nullable().optional(),
});

export const updateProfile = defineEndpoint({
  method: 'PATCH',
  path: '/v1/users/update_profile',
  summary: "Update the signed-in user's name, e-mail and about text",
  tag: 'user',
  access: 'user',
  recentAuth: { field: 'email' },
  gate: 'exempt',
  body: updateProfileBody,
  response: currentUser,
});

export const updatePasswordBody = z
  .object({
    current_password: z.string().min(1, 'Current password is required'),
    password,
    password_confirmation: z.string().min(1, 'Confirm the new password'),
    /** Keep the account's API keys and API token working; by default a password change revokes them (a reset always does). */
    keep_api_keys: z
      .boolean()
      .optional()
      .describe("Keep the account's API keys (crm_…) and API token (crmu_…) working; left out or false, the change revokes them"),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Passwords do not match',
  });

export const updatePassword = defineEndpoint({
  method: 'PATCH',
  path: '/v1/users/{id}/update_password',
  summary: 'Change the password (the id must be the signed-in user); other sessions end, and the API keys and API token are revoked unless keep_api_keys is true',
  tag: 'user',
  access: 'user',
  recentAuth: true,
  gate: 'exempt',
  params: idParams,
  body: updatePasswordBody,
  response: currentUser,
});

export const update2fa = defineEndpoint({
  method: 'PATCH',
  path: '/v1/users/update_2fa',
  summary: 'Choose how second-factor codes arrive at sign-in: authenticator app, or e-mail',
  tag: 'user',
  access: 'user',
  recentAuth: true,
  gate: 'exempt',
  body: z.object({ otp_delivery: z.enum(['app', 'email']) }),
  response: currentUser,
});

export const apiTokenResponse = z.object({ api_token: z.string().nullable(), created_at: timestamp.nullable() });

export const showApiToken = defineEndpoint({
  method: 'GET',
  path: '/v1/users/show_api_token',
  summary:
    'Whether a personal API token exists (its value is shown only once, when refreshed; the server keeps only a hash)',
  tag: 'user',
  access: 'user',
  gate: 'enforced',
  response: z.object({
    exists: z.boolean(),
    prefix: z.string().nullable(),
    created_at: timestamp.nullable(),
    /** What the token may do (the same scopes as API keys); contacts:read and contacts:write unless chosen. */
    scopes: z.array(z.enum(SCOPE_NAMES)),
  }),
});

export const refreshApiToken = defineEndpoint({
  method: 'PATCH',
  path: '/v1/users/refresh_api_token',
  summary: 'Issue a new personal API token, replacing the old one; the answer is the only time it is shown',
  tag: 'user',
  access: 'user',
  recentAuth: true,
  gate: 'enforced',
  /** Without scopes the new token keeps the old one's (contacts:read and contacts:write at first). */
  body: z.object({ scopes: apiScopes.optional() }).nullish(),
  secretAnswer: true,
  response: z.object({ api_token: z.string(), prefix: z.string(), created_at: timestamp, scopes: z.array(z.enum(SCOPE_NAMES)) }),
});

/** The user's own theme; null goes back to the brand's default. */
export const updateThemeBody = z.object({
  primary_color: hexColor.nullable().optional(),
  background: hexColor.nullable().optional(),
  font_size: z.enum(FONT_SIZES).nullable().optional(),
});

export const updateTheme = defineEndpoint({
  method: 'PATCH',
  path: '/v1/users/update_theme',
  summary: "Set the user's own primary colour, background and font size over the brand's defaults",
  tag: 'user',
  access: 'user',
  gate: 'exempt',
  body: updateThemeBody,
  response: currentUser,
});
