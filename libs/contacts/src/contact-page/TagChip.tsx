import type { ReactNode } from 'react';
import type { Tag } from '@crm/contract';
import { cn } from '@crm/ui';
import { readableTextColor } from './format';

export type TagChipProps = {
  tag: Pick<Tag, 'name' | 'color'>;
  /** A control inside the chip (for example a remove button). */
  children?: ReactNode;
  className?: string;
};

/** A tag in its own colour, its text black or white, whichever reads better. */
export function TagChip({ tag, children, className }: TagChipProps) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}
      style={{ backgroundColor: tag.color, color: readableTextColor(tag.color) }}
    >
      {tag.name}
      {children}
    </span>
  );
}
