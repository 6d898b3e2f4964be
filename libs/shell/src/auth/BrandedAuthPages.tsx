import {
  LoginAppPage,
  LoginPage,
  ResetPasswordPage,
  SsoCallbackPage,
  SsoLogoutPage,
} from '@crm/session';
import { useBrand, useFlag } from '@crm/variant';
import { BrandLogo } from '../frame/BrandLogo';

/** /login with the brand's logo and its `sso` flag. */
export function BrandedLoginPage() {
  const brand = useBrand();
  const sso = useFlag('sso');
  return <LoginPage logo={<BrandLogo />} ssoEnabled={sso} title={`Sign in to ${brand.name}`} />;
}

/** /login-app with the brand's logo and its `sso` flag. */
export function BrandedLoginAppPage() {
  const brand = useBrand();
  const sso = useFlag('sso');
  return <LoginAppPage logo={<BrandLogo />} ssoEnabled={sso} title={`Sign in to ${brand.name}`} />;
}

/** /reset-password with the brand's logo. */
export function BrandedResetPasswordPage() {
  return <ResetPasswordPage logo={<BrandLogo />} />;
}

/** /api/auth/callback with the brand's logo. */
export function BrandedSsoCallbackPage() {
  return <SsoCallbackPage logo={<BrandLogo />} />;
}

/** /sso-logout with the brand's logo. */
export function BrandedSsoLogoutPage() {
  return <SsoLogoutPage logo={<BrandLogo />} />;
}
