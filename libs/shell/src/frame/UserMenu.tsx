import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '@crm/contract';
import { useLogout } from '@crm/session';
import { cn, toast } from '@crm/ui';
import { userDisplayName } from './user-display';

export type UserMenuProps = { user: CurrentUser };

/**
 * The signed-in user's name and company, opening (disclosure pattern) a panel with the profile
 * link and "Sign out". Escape and a click outside close it.
 */
export function UserMenu({ user }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const logout = useLogout();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = userDisplayName(user);

  useEffect(() => {
    if (!open) return;
    function handlePointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [open]);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await logout();
    } catch {
      setSigningOut(false);
      toast.error('Signing out failed. Please try again.');
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex max-w-60 cursor-pointer flex-col items-end rounded px-2 py-1 text-right hover:bg-text/5"
      >
        {/* one line each, cut short with an ellipsis: a long name never pushes the header to a second row */}
        <span className="max-w-full truncate font-medium">{name}</span>
        <span className="hidden max-w-full truncate text-sm text-muted sm:block">{user.company.name}</span>
        <span className="sr-only">(account menu)</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute right-0 z-40 mt-2 w-64 rounded border border-border bg-surface p-2 shadow-lg',
        )}
      >
        <p className="px-3 py-2 text-sm">
          <span className="block font-medium">{name}</span>
          <span className="block text-muted">{user.email}</span>
        </p>
        <ul className="border-t border-border pt-2">
          <li>
            <Link
              to="/account/profile"
              onClick={() => setOpen(false)}
              className="block rounded px-3 py-2 text-text no-underline hover:bg-text/5"
            >
              My profile
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={handleSignOut}
              disabled={signingOut}
              aria-busy={signingOut || undefined}
              className="block w-full cursor-pointer rounded px-3 py-2 text-left hover:bg-text/5 disabled:cursor-wait"
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
