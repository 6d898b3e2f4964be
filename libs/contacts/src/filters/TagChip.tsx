import type { ReactNode } from 'react';
import type { Tag } from '@crm/contract';
import { cn } from '@crm/ui';
import { tagBackground, tagTextColor } from './tag-color';

export type TagChipProps = {
  tag: Pick<Tag, 'name' | 'color'>;
  /** A control inside the chip (for example a remove button). */
  children?: ReactNode;
  className?: string;
};

/** A tag as a small chip in its colour, with text that stays readable on it. */
export function TagChip({ tag, children, className }: TagChipProps) {
  const background = tagBackground(tag.color);
  return (
    <span
      className={cn('inline-flex max-w-40 items-center gap-1 truncate rounded px-1.5 py-0.5 text-xs leading-4 font-medium', className)}
      style={{ backgroundColor: background, color: tagTextColor(background) }}
    >
      {tag.name}
      {children}
    </span>
  );
}
