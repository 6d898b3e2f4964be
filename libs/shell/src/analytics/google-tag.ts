/** The Google tag (gtag.js) in the page: one script per measurement id, and the gtag() queue. */

export const GOOGLE_TAG_ORIGIN = 'https://www.googletagmanager.com';

export type Gtag = (...args: unknown[]) => void;

type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

export function googleTagSrc(id: string): string {
  return `${GOOGLE_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
}

/**
 * Adds the async gtag.js script for `id` unless the page has it already, and defines
 * `window.gtag` the way Google's snippet does (it queues its arguments on `window.dataLayer`).
 */
export function loadGoogleTag(id: string, doc: Document = document): Gtag {
  const win = (doc.defaultView ?? window) as AnalyticsWindow;
  const dataLayer = (win.dataLayer ??= []);
  if (!win.gtag) {
    // gtag.js reads Arguments objects from the data layer, as in Google's snippet, not arrays.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    win.gtag('js', new Date());
  }
  const src = googleTagSrc(id);
  const present = Array.from(doc.scripts).some((script) => script.getAttribute('src') === src);
  if (!present) {
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    doc.head.appendChild(script);
  }
  return win.gtag;
}
