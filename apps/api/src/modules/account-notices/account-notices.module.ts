import type { Core } from '../../core';
import { createAccountNotices } from './account-notices.service';

/** Security notices e-mailed to the account's owner (e-mail change, password, two-factor, API keys, new devices). */
export function createAccountNoticesModule({ env, usersRepository: users, jobs, email, audit }: Core) {
  const notices = createAccountNotices({ env, users, jobs, email, audit });
  jobs.define(notices.job);
  return { notices };
}

export type AccountNoticesModule = ReturnType<typeof createAccountNoticesModule>;
