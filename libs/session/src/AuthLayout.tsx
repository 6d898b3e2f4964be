import type { ReactNode } from 'react';

export type AuthLayoutProps = {
  title: ReactNode;
  /** Shown above the title (for example the brand's logo). */
  logo?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card (the brand's legal and support links). */
  footer?: ReactNode;
};

/** The centred frame of the signed-out pages (login, second factor, reset password, single sign-on). */
export function AuthLayout({ title, logo, description, children, footer }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg px-4 py-10 text-text">
      <div className="w-full max-w-sm rounded border border-border bg-surface p-6 shadow-sm">
        {logo && <div className="mb-4 flex justify-center">{logo}</div>}
        <h1 className="text-xl font-semibold">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer}
    </main>
  );
}
