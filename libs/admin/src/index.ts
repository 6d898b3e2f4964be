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
export { ProductPlansPage, PRODUCT_ADMIN_PAGE_SIZE, type ProductPageProps } from './products/ProductPlansPage';
export { ProductSubscriptionsPage } from './products/ProductSubscriptionsPage';
export { ProductOrdersPage } from './products/ProductOrdersPage';
export { ProductUsagePage } from './products/ProductUsagePage';
export { PRODUCT_LABELS, PRODUCT_SECTIONS, productSectionPath, type ProductSection } from './products/product-labels';
export {
  adminEndpoint,
  adminOrdersQueryOptions,
  adminPlansQueryOptions,
  adminSubscriptionsQueryOptions,
  adminUsageQueryOptions,
  productKeys,
} from './admin-queries';
