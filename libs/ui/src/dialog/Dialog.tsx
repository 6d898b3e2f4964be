import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { focusRing } from '../lib/focus-ring';

export type DialogSize = 'sm' | 'md' | 'lg';

export type DialogProps = {
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Shown under the title and linked with aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row at the bottom (for example Cancel and Save buttons). */
  footer?: ReactNode;
  /** An element that opens the dialog (for example a Button); not needed when controlled. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Accessible name of the close (×) button. */
  closeLabel?: string;
  size?: DialogSize;
  className?: string;
};

const sizeClasses: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
};

/**
 * A modal dialog (Radix): focus moves into it and stays there, Escape and the close button
 * close it, and focus returns to the element that opened it: its trigger, or, for a dialog opened
 * by its `open` prop (a row's button), the element that had the focus when it opened, if it is
 * still on the page.
 */
export function Dialog({
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  closeLabel = 'Close',
  size = 'md',
  className,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-text/50" />
        <RadixDialog.Content
          // Without a description, tell Radix there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            // Radix itself returns the focus to a trigger; without one, to where it was
            if (trigger || !target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded border border-border bg-surface text-text shadow-xl focus:outline-none',
            sizeClasses[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 px-5 pt-5">
            <div className="flex flex-col gap-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={closeLabel}
              className={cn(
                '-me-2 -mt-1 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded text-muted hover:bg-text/5 hover:text-text',
                focusRing,
              )}
            >
              <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" />
              </svg>
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export type DialogCloseProps = {
  /** A single element (usually a Button) that closes the dialog when activated. */
  children: ReactElement;
};

/** Wraps an element in the dialog's footer or body so that activating it closes the dialog. */
export function DialogClose({ children }: DialogCloseProps) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
