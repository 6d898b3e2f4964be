import type { CurrentUser } from '@crm/contract';
import { makeUser, type UserOverrides } from '@crm/testing';

/** The shell's signed-in user: Dana Reyes, a manager at Bayside who has passed every account gate. */
export function testUser(overrides: UserOverrides = {}): CurrentUser {
  const { profile, ...rest } = overrides;
  return makeUser({
    username: 'dana.reyes',
    email: 'dana@example.com',
    roles: ['manager'],
    timezone: 'pst',
    company: { id: 3, name: 'Bayside Insurance Group', domain_name: 'bayside' },
    created_at: '2024-01-15T17:00:00.000Z',
    ...rest,
    profile: { first_name: 'Dana', last_name: 'Reyes', account_type: 'manager', ...profile },
  });
}
