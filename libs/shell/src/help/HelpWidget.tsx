import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { HELP_PAGE_MAX, helpRequestBody } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Button, Dialog, DialogClose, Field, Input, Textarea, toast } from '@crm/ui';
import { useBrand } from '@crm/variant';
import { SupportContacts } from '../support/SupportContacts';

export const HELP_SENT_MESSAGE = 'Thanks — we will get back to you by e-mail.';

const helpForm = helpRequestBody.pick({ subject: true, message: true });
type HelpFormInput = z.input<typeof helpForm>;
type HelpFormOutput = z.output<typeof helpForm>;

const empty: HelpFormInput = { subject: '', message: '' };

/**
 * The help widget of spec part 1 §2: a "Help" button in the signed-in frame (so on non-public
 * pages only), shown when the brand has the help widget on. It opens a dialog with the brand's
 * support e-mail and phone and a form that sends POST /v1/helps with the page the user is on.
 * The form lives outside the dialog, so a draft survives closing it and a failed send keeps
 * everything typed; only a sent request clears it.
 */
export function HelpWidget() {
  const brand = useBrand();
  if (!brand.helpWidget) return null;
  return <HelpDialog />;
}

function HelpDialog() {
  const brand = useBrand();
  const client = useApiClient();
  const location = useLocation();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<HelpFormInput, HelpFormOutput>({
    // Its keys are the fields a 422 may name beside them: subject, message (page goes to the form error).
    schema: helpForm,
    defaultValues: empty,
    onSubmit: async (values, form) => {
      await client.call('createHelpRequest', {
        body: { ...values, page: `${location.pathname}${location.search}`.slice(0, HELP_PAGE_MAX) },
      });
      form.reset(empty);
      setOpen(false);
      toast.success(HELP_SENT_MESSAGE);
    },
  });

  return (
    <Dialog
      title="Help"
      description={`Ask the ${brand.name} support team. We answer by e-mail.`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm">
          Help
        </Button>
      }
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={isSubmitting}>
            Send
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <SupportContacts className="gap-y-1 text-sm" />
        <form
          id={formId}
          noValidate
          onSubmit={submit}
          aria-label="Ask for help"
          className="flex flex-col gap-4"
        >
          <Field label="Subject" error={errors.subject?.message} required>
            <Input {...register('subject')} autoComplete="off" />
          </Field>
          <Field label="Message" error={errors.message?.message} required>
            <Textarea {...register('message')} rows={6} />
          </Field>
          <FormError message={formError} />
        </form>
      </div>
    </Dialog>
  );
}
