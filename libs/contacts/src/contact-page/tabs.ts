import { useSearchParams } from 'react-router-dom';

/** The contact page's tabs, as `?tab=` names them. */
export const CONTACT_TABS = ['overview', 'notes', 'files', 'policies', 'securities', 'data_capture', 'rx', 'transfers'] as const;
export type ContactTab = (typeof CONTACT_TABS)[number];

export const CONTACT_TAB_LABELS: Record<ContactTab, string> = {
  overview: 'Overview',
  notes: 'Notes',
  files: 'Files',
  policies: 'Policies',
  securities: 'Securities',
  data_capture: 'Data capture',
  rx: 'Prescriptions',
  transfers: 'Transfers',
};

function isContactTab(value: string | null): value is ContactTab {
  return (CONTACT_TABS as readonly (string | null)[]).includes(value);
}

/** The open tab from `?tab=` (overview when absent or unknown) and a setter that keeps the rest of the address. */
export function useContactTab(): [ContactTab, (tab: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = isContactTab(requested) ? requested : 'overview';
  const setTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return [tab, setTab];
}
