import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { TelephonyKind } from '@crm/contract';
import { cn, focusRing, PageHeader } from '@crm/ui';
import { TELEPHONY_LABELS, TELEPHONY_SECTIONS, telephonySectionPath, SECTION_LABELS, type TelephonySection } from './telephony-labels';

export type TelephonyAdminFrameProps = {
  product: TelephonyKind;
  section: TelephonySection;
  /** The page's own actions beside its heading ("New plan"). */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the dialer's or SMS's admin screens (spec part 2 §7 "Admin dialer and SMS plans"): the
 * heading ("Dialer plans") and the links between plans, subscriptions, orders and usage.
 */
export function TelephonyAdminFrame({ product, section, actions, children }: TelephonyAdminFrameProps) {
  const name = TELEPHONY_LABELS[product];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={`${name} ${SECTION_LABELS[section].toLowerCase()}`} actions={actions} />
      <nav aria-label={`${name} administration`}>
        <ul className="flex flex-wrap gap-1 border-b border-border">
          {TELEPHONY_SECTIONS.map((s) => (
            <li key={s}>
              <NavLink
                to={telephonySectionPath(product, s)}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-block rounded-t border-b-2 px-3 py-2 text-sm font-medium no-underline',
                    isActive ? 'border-primary text-text' : 'border-transparent text-muted hover:text-text',
                    focusRing,
                  )
                }
              >
                {SECTION_LABELS[s]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
