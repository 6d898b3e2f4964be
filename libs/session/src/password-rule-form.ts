import type { z } from 'zod';
import type { CurrentUser } from '@crm/contract';
import { loadPasswordRule, type PasswordContext } from '@crm/password-rule';

/**
 * The account's words for the password rule, as the server takes them (apps/api users/password-policy):
 * names, e-mail, username, the brand's name and the company's.
 */
export function passwordContextOf(user: CurrentUser, brandName: string): PasswordContext {
  return {
    firstName: user.profile.first_name,
    lastName: user.profile.last_name,
    email: user.email,
    username: user.username,
    brandName,
    companyName: user.company.name,
  };
}

/**
 * A body schema with the password rule on its `password` field: the form refuses what the server
 * would refuse, with the same message, before anything is sent. The rule's dictionaries load on
 * the first check (a separate chunk, fetched on the password screens only).
 */
export function withPasswordRule<S extends z.ZodType<{ password: string }, unknown>>(schema: S, context: PasswordContext): S {
  return schema.superRefine(async (values, ctx) => {
    if (!values.password) return; // the contract says it is required
    const verdict = (await loadPasswordRule()).check(values.password, context);
    if (verdict.message) ctx.addIssue({ code: 'custom', path: ['password'], message: verdict.message });
  }) as unknown as S;
}
