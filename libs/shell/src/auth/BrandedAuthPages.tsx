import {
  EmailChangeConfirmPage,
  EmailChangeReportPage,
  LoginAppPage,
  LoginPage,
  ResetPasswordPage,
  SsoCallbackPage,
  SsoLogoutPage,
} from '@crm/session';
import { useBrand, useFlag } from '@crm/variant';
import { BrandLogo } from '../frame/BrandLogo';
import { LegalLinks } from '../pages/LegalLinks';

/** /login with the brand's logo, its `sso` flag and its legal and support links. */
export function BrandedLoginPage() {
  const brand = useBrand();
  const sso = useFlag('sso');
  return <LoginPage logo={<BrandLogo />} ssoEnabled={sso} title={`Sign in to ${brand.name}`} footer={<LegalLinks />} />;
}

/** /login-app with the brand's logo, its `sso` flag and its legal and support links. */
export function BrandedLoginAppPage() {
  const brand = useBrand();
  const sso = useFlag('sso');
  return <LoginAppPage logo={<BrandLogo />} ssoEnabled={sso} title={`Sign in to ${brand.name}`} footer={<LegalLinks />} />;
}

/** /reset-password with the brand's logo. */
export function BrandedResetPasswordPage() {
  return <ResetPasswordPage logo={<BrandLogo />} />;
}

/** /email-change/confirm with the brand's logo. */
export function BrandedEmailChangeConfirmPage() {
  return <EmailChangeConfirmPage logo={<BrandLogo />} />;
}

/** /email-change/not-me with the brand's logo. */
export function BrandedEmailChangeReportPage() {
  return <EmailChangeReportPage logo={<BrandLogo />} />;
}

/** /api/auth/callback with the brand's logo. */
export function BrandedSsoCallbackPage() {
  return <SsoCallbackPage logo={<BrandLogo />} />;
}

/** /api/auth/callback/reauth (a re-authentication at the SSO issuer, in a popup) with the brand's logo. */
export function BrandedSsoReauthCallbackPage() {
  return <SsoCallbackPage logo={<BrandLogo />} reauth />;
}

/** /sso-logout with the brand's logo. */
export function BrandedSsoLogoutPage() {
  return <SsoLogoutPage logo={<BrandLogo />} />;
}
