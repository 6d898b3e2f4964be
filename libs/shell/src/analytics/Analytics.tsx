import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useBrand } from '@crm/variant';
import { loadGoogleTag } from './google-tag';

export type AnalyticsProps = {
  /**
   * The page brings its own tracking code (a public company page that has one): the product's
   * analytics stay out (spec part 1 §2, "Analytics load unless the public company page has its own
   * tracking code").
   */
  ownTrackingCode?: boolean;
};

/**
 * Google Analytics for the brand app. With an analytics id (the VITE_ANALYTICS_ID deployment
 * setting, which mountBrandApp puts in the brand, else the brand's own analyticsId) it adds the
 * gtag.js script once and records a page view on every route change with
 * `gtag('config', id, { page_path })`. Without an id, or with `ownTrackingCode`, it does nothing.
 * Render it once inside the router.
 */
export function Analytics({ ownTrackingCode = false }: AnalyticsProps) {
  const { analyticsId } = useBrand();
  const { pathname, search } = useLocation();
  const id = ownTrackingCode ? null : analyticsId;
  const pagePath = `${pathname}${search}`;
  // The page view last sent, so a re-render (or StrictMode's second effect run) sends none.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!id) return;
    const key = `${id} ${pagePath}`;
    if (sent.current === key) return;
    sent.current = key;
    const gtag = loadGoogleTag(id);
    gtag('config', id, { page_path: pagePath });
  }, [id, pagePath]);

  return null;
}
