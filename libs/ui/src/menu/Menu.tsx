import { DropdownMenu } from 'radix-ui';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { buttonClassName, type ButtonVariant } from '../button/Button';
import { cn } from '../lib/cn';

/** One entry of a Menu: an action, a link (`element`, for example a router link: it takes the entry's look), or a checkbox. */
export type MenuItem =
  | { kind?: 'action'; id: string; label: ReactNode; onSelect: () => void; disabled?: boolean }
  | { kind: 'link'; id: string; element: ReactElement }
  | { kind: 'checkbox'; id: string; label: ReactNode; checked: boolean; onCheckedChange: (checked: boolean) => void; disabled?: boolean; description?: ReactNode };

export type MenuProps = {
  /** The trigger button's text (its accessible name unless `triggerLabel` is given). */
  trigger: ReactNode;
  /** Accessible name of the trigger when its text is not enough (an icon). */
  triggerLabel?: string;
  items: readonly MenuItem[];
  variant?: ButtonVariant;
  /** A heading inside the menu (for example "Columns"). */
  title?: ReactNode;
  align?: 'start' | 'end';
  /** Checkbox menus stay open while the user ticks several entries. */
  keepOpenOnCheck?: boolean;
  className?: string;
};

const itemClassName =
  'flex w-full cursor-pointer items-center gap-2 rounded px-3 py-2 text-left text-sm text-text no-underline outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-text/10';

function CheckIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4">
      <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * A menu button (Radix DropdownMenu: the WAI-ARIA menu pattern): the arrow keys move between the
 * entries, typing a letter jumps, Escape closes and returns the focus to the button.
 */
export function Menu({ trigger, triggerLabel, items, variant = 'secondary', title, align = 'end', keepOpenOnCheck = false, className }: MenuProps) {
  // A link followed from the menu leads to another page, whose heading takes the focus: the
  // focus does not go back to the menu's button then.
  const followedLink = useRef(false);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={triggerLabel} className={buttonClassName({ variant, className })}>
        {trigger}
        <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4 shrink-0">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (!followedLink.current) return;
            followedLink.current = false;
            event.preventDefault();
          }}
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-48 overflow-y-auto rounded border border-border bg-surface p-1 text-text shadow-lg"
        >
          {title && <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-muted uppercase">{title}</DropdownMenu.Label>}
          {items.map((item) => {
            if (item.kind === 'link') {
              return (
                <DropdownMenu.Item key={item.id} asChild className={itemClassName} onSelect={() => (followedLink.current = true)}>
                  {item.element}
                </DropdownMenu.Item>
              );
            }
            if (item.kind === 'checkbox') {
              return (
                <DropdownMenu.CheckboxItem
                  key={item.id}
                  checked={item.checked}
                  disabled={item.disabled}
                  onCheckedChange={(checked) => item.onCheckedChange(checked === true)}
                  onSelect={keepOpenOnCheck ? (event) => event.preventDefault() : undefined}
                  className={itemClassName}
                >
                  <span className={cn('inline-flex size-4 shrink-0 items-center justify-center rounded border border-muted', item.checked && 'border-primary bg-primary text-primary-contrast')}>
                    <DropdownMenu.ItemIndicator>
                      <CheckIcon />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <span className="flex flex-col">
                    {item.label}
                    {item.description && <span className="text-xs text-muted">{item.description}</span>}
                  </span>
                </DropdownMenu.CheckboxItem>
              );
            }
            return (
              <DropdownMenu.Item key={item.id} disabled={item.disabled} onSelect={item.onSelect} className={itemClassName}>
                {item.label}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
