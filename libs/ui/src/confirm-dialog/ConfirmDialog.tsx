import type { ReactNode } from 'react';
import type { ButtonVariant } from '../button/Button';
import { Dialog } from '../dialog/Dialog';
import { DialogActions } from '../dialog/DialogActions';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, for example "Delete this note?"; the dialog's accessible name. */
  title: ReactNode;
  /** What happens when confirmed. */
  description?: ReactNode;
  /** The confirming button's text (default "Delete"). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Danger unless the action is harmless. */
  variant?: ButtonVariant;
  onConfirm: () => void;
  /** While the action runs: the confirming button shows a spinner. */
  pending?: boolean;
  /** Why the action failed, shown in the dialog (announced). */
  error?: ReactNode;
};

/**
 * Asks before an action that cannot be undone lightly (a delete): Cancel closes, the confirming
 * button runs `onConfirm`; the caller closes the dialog when the action has succeeded.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  variant = 'danger',
  onConfirm,
  pending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      footer={
        <DialogActions cancelLabel={cancelLabel} variant={variant} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </DialogActions>
      }
    >
      <p role="alert" className="text-sm font-medium text-danger">
        {error ?? null}
      </p>
    </Dialog>
  );
}
