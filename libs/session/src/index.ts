// Provider, state and the 401 wiring
export { SessionProvider } from './SessionProvider';
export type { SessionProviderProps } from './SessionProvider';
export { createSessionBridge, gateOf, sessionBridge } from './session-bridge';
export type { GateHandler, SessionBridge, UnauthorizedHandler } from './session-bridge';
export { createReauthBridge, reauthBridge } from './reauth-bridge';
export type { ReauthBridge, ReauthHandler } from './reauth-bridge';
export { ReauthDialog } from './ReauthDialog';
export { SSO_REAUTH_CALLBACK_PATH, ssoReauthRedirectUri } from './sso-reauth';
export type { ReauthDialogProps } from './ReauthDialog';
export { sessionQueryKey, sessionQueryOptions } from './session-query';
export { useSession } from './useSession';
export { useSessionCheck } from './useSessionCheck';
export type { SessionState } from './useSession';
export { sessionEvents, createSessionEvents } from './session-events';
export type { SessionEventMap, SessionEventName, SessionEvents } from './session-events';

// Logout, roles, impersonation
export { useLogout } from './useLogout';
export type { LogoutOptions } from './useLogout';
export { roleFlags } from './role-flags';
export type { RoleFlags } from './role-flags';
export { useRoleFlags } from './useRoleFlags';
export { LOGIN_MARKERS, LOGIN_STACK_KEY, createLoginStackStore, loginStack } from './login-stack';
export type { LoginMarker, LoginStackStore } from './login-stack';
export { useLoginStack } from './useLoginStack';
export type { LoginStack } from './useLoginStack';
export { useEndImpersonation, useLoginAs } from './useImpersonation';

// Routing rules
export { RequireSession } from './RequireSession';
export type { RequireSessionProps } from './RequireSession';
export {
  BILLING_PATH,
  PASSWORD_TAB_PATH,
  TERMS_ACCEPT_PATH,
  TWO_FACTOR_TAB_PATH,
  isImpersonating,
  sessionRedirect,
  termsPending,
  twoFactorSetupPending,
} from './redirect-rules';
export type { RedirectContext } from './redirect-rules';
export {
  HOME_PATH,
  LOGIN_PATH,
  PUBLIC_PATHS,
  isBillingPath,
  isProfilePath,
  isPublicPath,
} from './public-paths';
export { rememberReturnPath, takeReturnPath } from './return-path';

// Pages and components
export { LoginPage } from './LoginPage';
export type { LoginPageProps } from './LoginPage';
export { LoginAppPage } from './LoginAppPage';
export type { LoginAppPageProps } from './LoginAppPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { EmailChangeConfirmPage, EmailChangeReportPage } from './EmailChangePages';
export type { EmailChangePageProps } from './EmailChangePages';
export type { ResetPasswordPageProps } from './ResetPasswordPage';
export { SsoCallbackPage } from './SsoCallbackPage';
export type { SsoCallbackPageProps } from './SsoCallbackPage';
export { SsoLogoutPage } from './SsoLogoutPage';
export type { SsoLogoutPageProps } from './SsoLogoutPage';
export { ImpersonationBanner } from './ImpersonationBanner';
export type { ImpersonationBannerProps } from './ImpersonationBanner';
export { SecondFactorForm } from './SecondFactorForm';
export type { SecondFactorChallenge, SecondFactorFormProps } from './SecondFactorForm';
export { NewPasswordField } from './NewPasswordField';
export type { NewPasswordFieldProps } from './NewPasswordField';
export { PASSWORD_CHECK_DELAY_MS, usePasswordVerdict } from './usePasswordVerdict';
export { passwordContextOf, withPasswordRule } from './password-rule-form';
export { FormError } from './FormError';
export type { FormErrorProps } from './FormError';
export { FormCheckbox, FormSelect } from './FormControls';

// Showing API errors in forms (shared with the feature libraries)
export {
  GENERIC_ERROR,
  NETWORK_ERROR,
  apiErrorMessage,
  applyApiErrors,
  tooManyAttemptsMessage,
} from './api-errors';
export { useApiForm } from './useApiForm';
export type { ApiForm, ApiFormHelpers, ApiFormOptions } from './useApiForm';
