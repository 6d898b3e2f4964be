import type { Core } from '../../core';
import { createAdminUsersRepository } from './admin-users.repository';
import { createAdminUsersService } from './admin-users.service';

/** Administrators' user list and role changes. */
export function createAdminUsersModule({ db, audit }: Core) {
  return { adminUsers: createAdminUsersService({ users: createAdminUsersRepository(db), audit }) };
}
