import type { ReactElement, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Menu } from '../menu/Menu';

/** One link of a NavigationBar: `element` is the link itself (a router link). */
export type NavigationLink = { id: string; element: ReactElement };

/** An entry of a NavigationBar: a link, or a group of links behind a menu button ("Admin"). */
export type NavigationEntry =
  | ({ kind: 'link' } & NavigationLink)
  | {
      kind: 'group';
      id: string;
      label: ReactNode;
      /** The group's links; in the menu they take the menu's look (give them no className of their own). */
      links: readonly NavigationLink[];
      /** The current page is one of the group's links: the button shows it. */
      current?: boolean;
    };

export type NavigationBarProps = {
  /** The navigation landmark's name ("Main"). */
  label: string;
  entries: readonly NavigationEntry[];
  className?: string;
};

/**
 * A navigation landmark with a row of links, where some links are grouped behind a menu button
 * (Menu: Radix DropdownMenu). The button opens with Enter, Space or the arrow keys; the arrow keys
 * move between its links, typing a letter jumps, Escape closes it and gives the focus back to the
 * button, and following a link closes it. (Radix's NavigationMenu was tried first: the focus
 * proxy it renders beside an open group is focusable and aria-hidden, which axe refuses.)
 */
export function NavigationBar({ label, entries, className }: NavigationBarProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex items-center gap-1">
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.kind === 'link' ? (
              entry.element
            ) : (
              <Menu
                trigger={entry.label}
                variant="ghost"
                align="start"
                className={cn(
                  'px-3 font-medium whitespace-nowrap',
                  entry.current ? 'bg-primary text-primary-contrast hover:bg-primary' : 'text-text',
                )}
                items={entry.links.map((link) => ({ kind: 'link' as const, id: link.id, element: link.element }))}
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
