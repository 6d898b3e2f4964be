import { useId } from 'react';
import type { z } from 'zod';
import { quickFilterBody } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Input } from '@crm/ui';

const nameForm = quickFilterBody.pick({ name: true });
type NameInput = z.input<typeof nameForm>;
type NameOutput = z.output<typeof nameForm>;

export type QuickFilterNameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submitLabel: string;
  /** The name the field starts with. */
  initialName?: string;
  /** Sends the name; a 422 (for example the name is taken) shows beside the field. */
  onSubmit: (name: string) => Promise<unknown>;
};

/** Asks for a quick filter's name (save the current search, rename). Each opening starts a fresh form. */
export function QuickFilterNameDialog(props: QuickFilterNameDialogProps) {
  return props.open ? <NameDialog {...props} /> : null;
}

function NameDialog({ open, onOpenChange, title, description, submitLabel, initialName = '', onSubmit }: QuickFilterNameDialogProps) {
  const formId = useId();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<NameInput, NameOutput>({
    schema: nameForm,
    defaultValues: { name: initialName },
    onSubmit: async ({ name }) => {
      await onSubmit(name);
      onOpenChange(false);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      footer={
        <DialogActions type="submit" form={formId} loading={isSubmitting}>
          {submitLabel}
        </DialogActions>
      }
    >
      <form id={formId} noValidate onSubmit={submit} aria-label={title} className="flex flex-col gap-3">
        <Field label="Name" error={errors.name?.message} required>
          <Input {...register('name')} autoComplete="off" maxLength={60} />
        </Field>
        <FormError message={formError} />
      </form>
    </Dialog>
  );
}
