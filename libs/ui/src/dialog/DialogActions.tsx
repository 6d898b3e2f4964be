import { Button, type ButtonProps } from '../button/Button';
import { DialogClose } from './Dialog';

export type DialogActionsProps = ButtonProps & {
  /** The closing button's text (default "Cancel"). */
  cancelLabel?: string;
};

/**
 * A dialog's two buttons: Cancel, which closes it, then the action (the other props are the action
 * button's, its text the children). Goes in a Dialog's footer, or in a form's row of buttons.
 */
export function DialogActions({ cancelLabel = 'Cancel', children, ...action }: DialogActionsProps) {
  return (
    <>
      <DialogClose>
        <Button variant="secondary">{cancelLabel}</Button>
      </DialogClose>
      <Button {...action}>{children}</Button>
    </>
  );
}
