import { NavigationMenu } from 'radix-ui';
import type { PointerEvent, ReactElement, ReactNode } from 'react';
import { cn } from '../lib/cn';

/** One link of a NavigationBar: `element` is the link itself (a router link), with its own look. */
export type NavigationLink = { id: string; element: ReactElement };

/** An entry of a NavigationBar: a link, or a group of links behind a button ("Admin"). */
export type NavigationEntry =
  | ({ kind: 'link' } & NavigationLink)
  | {
      kind: 'group';
      id: string;
      label: ReactNode;
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

// Groups open on a click, Enter or Space only, not on hover: a menu that opens under a passing
// pointer covers the page (Radix's documented way to turn hovering off).
const noHover = (event: PointerEvent) => event.preventDefault();

/** The look of a group's button, like the bar's links (`current`: the page is in the group). */
export function navigationGroupClassName(current: boolean): string {
  return cn(
    'flex cursor-pointer items-center gap-1 rounded px-3 py-2 font-medium',
    current ? 'bg-primary text-primary-contrast' : 'text-text hover:bg-text/5 data-[state=open]:bg-text/5',
  );
}

/**
 * A row of navigation links where some are grouped behind a button (Radix NavigationMenu: a
 * navigation landmark of links and disclosure buttons, not an application menu). Tab moves through
 * the entries, the arrow keys between them, Enter or Space opens a group, Escape closes it and
 * gives the focus back to its button; following a link closes it. The group's links stay in the
 * navigation landmark, below their button.
 */
export function NavigationBar({ label, entries, className }: NavigationBarProps) {
  return (
    <NavigationMenu.Root aria-label={label} className={cn('relative', className)}>
      <NavigationMenu.List className="flex items-center gap-1">
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <NavigationMenu.Item key={entry.id}>
              <NavigationMenu.Link asChild>{entry.element}</NavigationMenu.Link>
            </NavigationMenu.Item>
          ) : (
            <NavigationMenu.Item key={entry.id} value={entry.id} className="relative">
              <NavigationMenu.Trigger onPointerMove={noHover} onPointerLeave={noHover} className={navigationGroupClassName(entry.current ?? false)}>
                {entry.label}
                <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4 shrink-0">
                  <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              </NavigationMenu.Trigger>
              <NavigationMenu.Content
                onPointerMove={noHover}
                onPointerLeave={noHover}
                className="absolute top-full left-0 z-40 mt-1 min-w-52 rounded border border-border bg-surface p-1 shadow-lg"
              >
                <ul className="flex flex-col gap-0.5">
                  {entry.links.map((link) => (
                    <li key={link.id}>
                      <NavigationMenu.Link asChild>{link.element}</NavigationMenu.Link>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          ),
        )}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
