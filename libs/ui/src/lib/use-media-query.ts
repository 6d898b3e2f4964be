import { useCallback, useSyncExternalStore } from 'react';

/** Whether the CSS media query matches, following its changes; false where matchMedia is missing (tests, server). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** The phone layout's media query: narrower than Tailwind's `md` breakpoint (768 px). */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

/** Whether the screen is phone-sized (PHONE_MEDIA_QUERY). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY);
}
