export { AppFrame } from './frame/AppFrame';
export type { AppFrameProps } from './frame/AppFrame';
export { UserMenu } from './frame/UserMenu';
export type { UserMenuProps } from './frame/UserMenu';
export { BrandMark } from './frame/BrandMark';
export type { BrandMarkProps } from './frame/BrandMark';
export { SkipLink, MAIN_CONTENT_ID } from './frame/SkipLink';
export type { SkipLinkProps } from './frame/SkipLink';
export { userDisplayName, userRoleLabel, userTimeZone } from './frame/user-display';
export { filterNavItems } from './navigation/nav-items';
export type { NavItem } from './navigation/nav-items';
export { ErrorScreen, ERROR_SCREEN_TITLE, ERROR_SCREEN_TEXT } from './error/ErrorScreen';
export type { ErrorScreenProps } from './error/ErrorScreen';
export { ErrorBoundary } from './error/ErrorBoundary';
export type { ErrorBoundaryProps } from './error/ErrorBoundary';
export { RouteErrorScreen } from './error/RouteErrorScreen';
export { reportError, setErrorReporter } from './error/report-error';
export type { ErrorReporter } from './error/report-error';
export {
  showAccessDenied,
  accessDeniedMessage,
  ACCESS_DENIED_TOAST_ID,
} from './access-denied/access-denied';
export { NotFoundPage } from './pages/NotFoundPage';
export { PublicLayout } from './pages/PublicLayout';
export type { PublicLayoutProps } from './pages/PublicLayout';
export { BrandText } from './pages/BrandText';
export type { BrandTextProps } from './pages/BrandText';
export { ContactUsPage } from './pages/ContactUsPage';
export { PrivacyPolicyPage } from './pages/PrivacyPolicyPage';
export { TermsOfUsePage } from './pages/TermsOfUsePage';
export { mustAcceptTerms } from './pages/terms';
export { HomePage, DEFAULT_DASHBOARD_SECTIONS } from './pages/HomePage';
export type { HomePageProps, DashboardSection } from './pages/HomePage';
export { BrandLogo } from './frame/BrandLogo';
export type { BrandLogoProps } from './frame/BrandLogo';
export {
  BrandedLoginPage,
  BrandedLoginAppPage,
  BrandedResetPasswordPage,
  BrandedEmailChangeConfirmPage,
  BrandedEmailChangeReportPage,
  BrandedSsoCallbackPage,
  BrandedSsoReauthCallbackPage,
  BrandedSsoLogoutPage,
} from './auth/BrandedAuthPages';
export { AccessDeniedPage } from './pages/AccessDeniedPage';
export { RequireFlag } from './guards/RequireFlag';
export type { RequireFlagProps } from './guards/RequireFlag';
export { FeaturePreviewBanner } from './preview/FeaturePreviewBanner';
export {
  ACTIVE_FLAG_COOKIE,
  notifyActiveFlagChange,
  useActiveFlagCookie,
} from './preview/active-flag';
export { HelpWidget, HELP_SENT_MESSAGE } from './help/HelpWidget';
export { Analytics } from './analytics/Analytics';
export type { AnalyticsProps } from './analytics/Analytics';
export { NavigationPending, RoutePending } from './pending/RoutePending';
