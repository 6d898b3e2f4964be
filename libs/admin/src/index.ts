export { AdminUsersPage, ADMIN_USERS_PAGE_SIZE } from './AdminUsersPage';
export { ChangeRoleDialog } from './ChangeRoleDialog';
export type { ChangeRoleDialogProps } from './ChangeRoleDialog';
export { FeatureFlagsPage } from './FeatureFlagsPage';
export { FLAG_LABELS, roleLabel } from './labels';
export {
  adminKeys,
  adminUserRolesQueryOptions,
  adminUsersQueryOptions,
  featureFlagsQueryOptions,
  featuresQueryOptions,
  quietJobsQueryOptions,
} from './admin-queries';
export { QuietJobsPanel } from './QuietJobsPanel';
export type { AdminUsersQuery } from './admin-queries';
