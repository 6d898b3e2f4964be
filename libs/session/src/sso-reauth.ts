/**
 * The callback address of a re-authentication at the SSO issuer: the callback page there finishes
 * it in its popup. A path of its own (below the sign-in callback, so public like it), since the
 * issuer's redirect_uri carries no query.
 */
export const SSO_REAUTH_CALLBACK_PATH = '/api/auth/callback/reauth';
export const ssoReauthRedirectUri = (origin: string) => `${origin}${SSO_REAUTH_CALLBACK_PATH}`;

/** What the callback popup tells the window that opened it. */
export type SsoReauthMessage = { type: 'crm:sso-reauth'; ok: true } | { type: 'crm:sso-reauth'; ok: false; message: string };

export function isSsoReauthMessage(data: unknown): data is SsoReauthMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'crm:sso-reauth';
}
