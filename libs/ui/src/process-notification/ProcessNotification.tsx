import type { ReactNode } from 'react';
import { Button } from '../button/Button';
import { cn } from '../lib/cn';
import { SpinnerIcon } from '../spinner/Spinner';

/** The process notification of spec part 2 §3: visible, a status (default processing), a text and a link. */
export type ProcessNotificationState = {
  visible: boolean;
  status?: 'processing' | 'completed' | 'failed';
  text: string;
  /** Where the link goes (the page of the job), shown with linkText. */
  linkUrl?: string;
  linkText?: string;
};

export type ProcessNotificationProps = ProcessNotificationState & {
  /** Renders the link (a router link in the app); default a plain anchor. */
  renderLink?: (url: string, text: string) => ReactNode;
  /** Closing hides it and clears the text (part 2 §4). */
  onClose: () => void;
};

/**
 * A long job's notice (imports, transfers, prints): a spinner while it runs, its text announced
 * politely as it changes, a link to where it can be followed, and a close button.
 */
export function ProcessNotification({ visible, status = 'processing', text, linkUrl, linkText, renderLink, onClose }: ProcessNotificationProps) {
  if (!visible) return null;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded border px-3 py-2 text-sm',
        status === 'failed' ? 'border-danger bg-danger/10' : status === 'completed' ? 'border-success bg-success/10' : 'border-border bg-surface',
      )}
    >
      {/* the text says it runs: the spinner is decoration here (no second status region) */}
      {status === 'processing' && <SpinnerIcon size="sm" />}
      <span className="font-medium">{text}</span>
      {linkUrl && linkText && (renderLink ? renderLink(linkUrl, linkText) : <a href={linkUrl} className="text-primary underline">{linkText}</a>)}
      <Button type="button" size="sm" variant="ghost" onClick={onClose} className="ml-auto">
        Close
      </Button>
    </div>
  );
}
