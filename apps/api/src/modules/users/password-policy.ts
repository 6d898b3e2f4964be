import { BRANDS } from '@crm/brand-config';
import { loadPasswordRule, type PasswordVerdict } from '@crm/password-rule';
import type { UserRow, UsersRepository } from './users.repository';

/**
 * The password rule (@crm/password-rule) for one account: its names, e-mail, username, brand and
 * company are the words a password must not be built from. The rule's dictionaries load on the
 * first check and stay for the life of the process.
 */
export async function passwordVerdict(users: UsersRepository, user: UserRow, password: string): Promise<PasswordVerdict> {
  const [rule, company] = await Promise.all([loadPasswordRule(), users.companyNameAndBrand(user.companyId)]);
  return rule.check(password, {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    brandName: BRANDS[company.brand].name,
    companyName: company.name,
  });
}
