import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useBrand } from '@crm/variant';
import { LegalLinks } from './LegalLinks';
import { BrandMark } from '../frame/BrandMark';
import { MAIN_CONTENT_ID, SkipLink } from '../frame/SkipLink';

export type PublicLayoutProps = { children: ReactNode };

/** Frame of the public pages: brand header, main landmark, footer with the legal and support links. */
export function PublicLayout({ children }: PublicLayoutProps) {
  const brand = useBrand();
  return (
    <div className="flex min-h-screen flex-col bg-bg text-text">
      <SkipLink />
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-4 px-4 py-3">
          <BrandMark />
          <Link to="/login" className="text-sm font-medium text-primary">
            Sign in
          </Link>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 focus:outline-none"
      >
        {children}
      </main>
      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-muted">
          <p>
            © {new Date().getFullYear()} {brand.legalName}
          </p>
          <LegalLinks />
        </div>
      </footer>
    </div>
  );
}
