import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a screen may take to show its heading (it may load its data first). */
export const HEADING_FOCUS_WAIT_MS = 10_000;

/**
 * After sign-in and after each navigation to another path, focus moves to the page's main heading
 * (the first h1 inside `container`, made focusable with tabIndex -1), so that keyboard and screen
 * reader users start on the new page instead of on the link they left. A screen still loading is
 * watched until its heading appears; if the user has meanwhile put the focus on something inside
 * the page, it stays there. A page loaded fresh keeps the browser's own start (the skip link
 * first), and a change of the query alone (a tab, a page of a list) moves nothing.
 */
export function useHeadingFocus(container: RefObject<HTMLElement | null>): void {
  const { pathname, key } = useLocation();
  // The router names the document's first location "default": nothing navigated yet.
  const navigated = key !== 'default';

  useEffect(() => {
    const root = container.current;
    if (!navigated || !root) return;
    const left = document.activeElement;
    const tryFocus = (): boolean => {
      const active = document.activeElement;
      if (active && active !== left && active !== document.body && active !== root && root.contains(active)) return true;
      const heading = root.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_FOCUS_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    // Only a new path (or a new sign-in) moves the focus.
  }, [pathname, navigated, container]);
}
