import { useId } from 'react';
import { z } from 'zod';
import {
  ACTIVITY_LABELS,
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  recordActivityFields,
  type ActivityType,
  type CallOutcome,
} from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Textarea } from '@crm/ui';

/** A call's form: how it went (required) and a note; any other activity's: a note. */
const callForm = recordActivityFields.pick({ note: true }).extend({
  outcome: z.enum(CALL_OUTCOMES, { error: 'Choose how the call went' }),
});
const otherForm = recordActivityFields.pick({ note: true });
type LogInput = { outcome?: CallOutcome | null; note?: unknown };
type LogOutput = { outcome?: CallOutcome | null | undefined; note?: string | null | undefined };

export type LogActivityDialogProps = {
  /** The activity being logged; null: closed. */
  type: ActivityType | null;
  onOpenChange: (open: boolean) => void;
  /** Sends the activity; a 422 shows beside its field and the dialog stays. */
  onSubmit: (details: { outcome: CallOutcome | null; note: string | null }) => Promise<unknown>;
};

/**
 * Log call (text, e-mail, …): for a call how it went, and a note for any; both go to the Notes
 * tab ("Call — Left a voicemail: …"). Each opening starts a fresh form.
 */
export function LogActivityDialog(props: LogActivityDialogProps) {
  return props.type ? <LogForm {...props} type={props.type} /> : null;
}

function LogForm({ type, onOpenChange, onSubmit }: LogActivityDialogProps & { type: ActivityType }) {
  const formId = useId();
  const isCall = type === 'call';
  const label = ACTIVITY_LABELS[type].toLowerCase();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<LogInput, LogOutput>({
    schema: isCall ? callForm : otherForm,
    defaultValues: { outcome: null, note: '' },
    onSubmit: async (values) => {
      await onSubmit({ outcome: values.outcome ?? null, note: values.note ?? null });
      onOpenChange(false);
    },
  });
  const outcomeError = errors.outcome?.message;
  const title = `Log ${label}`;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={title}
      description={
        isCall
          ? 'How the call went, and a note if you like: both go to the Notes tab. You can undo it afterwards.'
          : 'A note if you like: it goes to the Notes tab. You can undo it afterwards.'
      }
      size="sm"
      footer={
        <DialogActions type="submit" form={formId} loading={isSubmitting}>
          Save {label}
        </DialogActions>
      }
    >
      <form id={formId} noValidate onSubmit={submit} aria-label={title} className="flex flex-col gap-4">
        {isCall && (
          <fieldset
            role="radiogroup"
            aria-describedby={outcomeError ? `${formId}-outcome-error` : undefined}
            aria-invalid={outcomeError ? true : undefined}
            aria-required
            className="flex flex-col gap-2"
          >
            <legend className="mb-1 text-sm font-medium text-text">Outcome</legend>
            {CALL_OUTCOMES.map((outcome) => (
              <label key={outcome} className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="radio" value={outcome} {...register('outcome')} className="size-4 accent-primary" />
                {CALL_OUTCOME_LABELS[outcome]}
              </label>
            ))}
            {outcomeError && (
              <p id={`${formId}-outcome-error`} className="text-sm font-medium text-danger">
                {outcomeError}
              </p>
            )}
          </fieldset>
        )}
        <Field label="Note" error={errors.note?.message}>
          <Textarea {...register('note')} rows={3} />
        </Field>
        <FormError message={formError} />
      </form>
    </Dialog>
  );
}
