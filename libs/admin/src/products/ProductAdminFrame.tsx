import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { Product } from '@crm/contract';
import { cn, focusRing, PageHeader } from '@crm/ui';
import { PRODUCT_LABELS, PRODUCT_SECTIONS, productSectionPath, SECTION_LABELS, type ProductSection } from './product-labels';

export type ProductAdminFrameProps = {
  product: Product;
  section: ProductSection;
  /** The page's own actions beside its heading ("New plan"). */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of a product's admin screens (spec part 2 §7 "Admin dialer and SMS plans"): the
 * heading ("Dialer plans") and the links between plans, subscriptions, orders and usage.
 */
export function ProductAdminFrame({ product, section, actions, children }: ProductAdminFrameProps) {
  const name = PRODUCT_LABELS[product];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={`${name} ${SECTION_LABELS[section].toLowerCase()}`} actions={actions} />
      <nav aria-label={`${name} administration`}>
        <ul className="flex flex-wrap gap-1 border-b border-border">
          {PRODUCT_SECTIONS.map((s) => (
            <li key={s}>
              <NavLink
                to={productSectionPath(product, s)}
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
