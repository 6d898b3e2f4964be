import type { Role } from '@crm/contract';
import { hashPassword } from '../lib/passwords';
import type { SecretBox } from '../modules/two-factor/secret-box';
import type { UsersRepository } from '../modules/users/users.repository';

/** Demo credentials, printed by `npm start` and written in the README. Demo data only. */
export const DEMO_PASSWORD = 'DemoPass2026';
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
export const DEMO_COMPANY = { name: 'Harbor Demo Agency', domainName: 'harbor-demo' };

type SeedUser = {
  key: string;
  role: Role;
  first: string;
  last: string;
  upline?: string;
  twoFactor?: boolean;
  changePassword?: boolean;
  timezone?: string;
};

/** One user per role in an upline tree, one with two-factor on, one who must change the password. */
export const SEED_USERS: SeedUser[] = [
  { key: 'admin', role: 'admin', first: 'Alex', last: 'Morgan' },
  { key: 'subadmin', role: 'sub_admin', first: 'Sam', last: 'Rivera', upline: 'admin' },
  { key: 'buadmin', role: 'bu_admin', first: 'Jordan', last: 'Lee', upline: 'admin', timezone: 'cst' },
  { key: 'manager', role: 'manager', first: 'Morgan', last: 'Hayes', upline: 'buadmin' },
  { key: 'district', role: 'district_manager', first: 'Casey', last: 'Nguyen', upline: 'manager', timezone: 'mst' },
  { key: 'field', role: 'field_manager', first: 'Riley', last: 'Patel', upline: 'district' },
  { key: 'telemarketer', role: 'telemarketer', first: 'Taylor', last: 'Brooks', upline: 'manager' },
  { key: 'agent', role: 'agent', first: 'Jamie', last: 'Carter', upline: 'field', timezone: 'pst' },
  { key: 'secure.agent', role: 'agent', first: 'Dana', last: 'Whitfield', upline: 'field', twoFactor: true },
  { key: 'new.agent', role: 'agent', first: 'Robin', last: 'Ellis', upline: 'field', changePassword: true },
];

export const seedEmail = (key: string) => `${key}@harbor-demo.example`;

export async function seedDemoData(users: UsersRepository, secrets: SecretBox): Promise<{ email: string; role: Role; note: string }[]> {
  const company = await users.insertCompany(DEMO_COMPANY.name, DEMO_COMPANY.domainName);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  const printed: { email: string; role: Role; note: string }[] = [];
  for (const u of SEED_USERS) {
    const row = await users.insert(
      {
        companyId: company.id,
        uplineId: u.upline ? ids.get(u.upline) : null,
        email: seedEmail(u.key),
        username: u.key,
        passwordHash,
        accountType: u.role,
        firstName: u.first,
        lastName: u.last,
        timezone: u.timezone ?? 'est',
        tosAcceptedVersion: 1,
        tosAcceptedAt: new Date(),
        otpEnabled: Boolean(u.twoFactor),
        otpSecret: u.twoFactor ? secrets.seal(DEMO_TOTP_SECRET) : null,
        changePassword: Boolean(u.changePassword),
      },
      [u.role],
    );
    ids.set(u.key, row.id);
    printed.push({
      email: row.email,
      role: u.role,
      note: u.twoFactor ? `two-factor on, TOTP secret ${DEMO_TOTP_SECRET}` : u.changePassword ? 'must change the password' : '',
    });
  }
  return printed;
}
