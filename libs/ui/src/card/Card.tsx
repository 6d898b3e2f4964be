import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export type CardProps = Omit<ComponentProps<'section'>, 'title'> & {
  /** Heading of the card; when given, it names the card's <section> (a labelled region). */
  title?: ReactNode;
  description?: ReactNode;
  /** Shown at the top right, beside the title (buttons, links). */
  actions?: ReactNode;
  /** Heading level of the title, to keep the page's heading outline in order. */
  headingLevel?: 2 | 3 | 4;
};

/** A surface that groups related content, with an optional heading, description and actions. */
export function Card({
  title,
  description,
  actions,
  headingLevel = 2,
  className,
  children,
  ...props
}: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = Boolean(title || description || actions);
  return (
    <section
      {...props}
      aria-labelledby={title ? headingId : undefined}
      className={cn('rounded border border-border bg-surface text-text shadow-sm', className)}
    >
      {hasHeader && (
        <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-5">
          <div className="flex flex-col gap-1">
            {title && (
              <Heading id={headingId} className="text-base font-semibold">
                {title}
              </Heading>
            )}
            {description && <p className="text-sm text-muted">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </div>
      )}
      <div className="p-5">{children}</div>
    </section>
  );
}
