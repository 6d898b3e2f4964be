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
  webhookEventsQueryOptions,
} from './admin-queries';
export { QuietJobsPanel } from './QuietJobsPanel';
export { VendorEventsPage, VENDOR_EVENTS_PAGE_SIZE } from './VendorEventsPage';
export type { AdminUsersQuery, WebhookEventsQuery } from './admin-queries';
export { TelephonyPlansPage, TELEPHONY_ADMIN_PAGE_SIZE, type TelephonyPageProps } from './telephony-plans/TelephonyPlansPage';
export { TelephonySubscriptionsPage } from './telephony-plans/TelephonySubscriptionsPage';
export { TelephonyOrdersPage } from './telephony-plans/TelephonyOrdersPage';
export { TelephonyUsagePage } from './telephony-plans/TelephonyUsagePage';
export { TELEPHONY_LABELS, TELEPHONY_SECTIONS, telephonySectionPath, type TelephonySection } from './telephony-plans/telephony-labels';
export {
  adminEndpoint,
  adminOrdersQueryOptions,
  adminPlansQueryOptions,
  adminSubscriptionsQueryOptions,
  adminUsageQueryOptions,
  telephonyPlanKeys,
} from './admin-queries';
export { CampaignTriggersPage, CAMPAIGN_TRIGGERS_PAGE_SIZE } from './campaign-triggers/CampaignTriggersPage';
