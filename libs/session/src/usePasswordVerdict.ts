import { useEffect, useState } from 'react';
import { loadPasswordRule, type PasswordContext, type PasswordVerdict } from '@crm/password-rule';

/** How long typing must pause before the password is checked. */
export const PASSWORD_CHECK_DELAY_MS = 300;

/**
 * The password rule's verdict on what is being typed, once typing pauses (null while empty or
 * before the first check). The rule's dictionaries start loading when the screen mounts.
 */
export function usePasswordVerdict(password: string, context: PasswordContext, delayMs = PASSWORD_CHECK_DELAY_MS): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const contextKey = JSON.stringify(context);
  useEffect(() => {
    loadPasswordRule().catch(() => undefined); // fetched again on the next check when this fails
  }, []);
  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      loadPasswordRule().then(
        (rule) => current && setVerdict(rule.check(password, JSON.parse(contextKey) as PasswordContext)),
        () => undefined, // no live feedback without the dictionaries; the submit and the server still check
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, contextKey, delayMs]);
  // The last verdict stays while the next check waits for typing to pause.
  return password ? verdict : null;
}
