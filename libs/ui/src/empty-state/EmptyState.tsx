import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** A call to action, usually a Button. */
  action?: ReactNode;
  /** A decorative illustration or icon (mark it aria-hidden). */
  icon?: ReactNode;
  className?: string;
};

/** What a list or screen shows when there is nothing in it yet. */
export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cn('flex flex-col items-center gap-2 px-6 py-10 text-center text-text', className)}
    >
      {icon && <div className="mb-1 text-muted">{icon}</div>}
      <p className="text-base font-semibold">{title}</p>
      {description && <p className="max-w-prose text-sm text-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
