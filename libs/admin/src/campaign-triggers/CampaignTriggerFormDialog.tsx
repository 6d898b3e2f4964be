import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { campaignTriggerBody, RECURRENCES_BY_TYPE, TRIGGER_TYPE_LABELS, type CampaignTrigger } from '@crm/contract';
import { FormCheckbox, FormError, FormSelect, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Input, Textarea } from '@crm/ui';
import { adminKeys } from '../admin-queries';
import { CHANNEL_LABELS, optionsOf, RECURRENCE_LABELS, SCOPE_LABELS } from './campaign-trigger-labels';

type FormInput = z.input<typeof campaignTriggerBody>;
type FormOutput = z.output<typeof campaignTriggerBody>;

const FIELDS = ['name', 'channel', 'trigger_type', 'recurrence', 'scope', 'email_subject', 'message', 'active'] as const;

export type CampaignTriggerFormDialogProps = {
  /** Open while set: 'new' for a new trigger, else the trigger to change. */
  trigger: CampaignTrigger | 'new' | null;
  /** Whether the caller may keep the brand's triggers (a System Admin). */
  brandWide: boolean;
  onClose(): void;
  onSaved(trigger: CampaignTrigger, created: boolean): void;
};

function valuesOf(trigger: CampaignTrigger | null): FormInput {
  return {
    name: trigger?.name ?? '',
    channel: trigger?.channel ?? 'sms',
    trigger_type: trigger?.trigger_type ?? 'manual',
    recurrence: trigger?.recurrence ?? 'once',
    scope: trigger?.scope ?? 'company',
    email_subject: trigger?.email_subject ?? '',
    message: trigger?.message ?? '',
    active: trigger?.active ?? true,
  };
}

function TriggerForm({ trigger, brandWide, onClose, onSaved }: Omit<CampaignTriggerFormDialogProps, 'trigger'> & { trigger: CampaignTrigger | null }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const form = useApiForm<FormInput, FormOutput>({
    schema: campaignTriggerBody,
    defaultValues: valuesOf(trigger),
    fields: FIELDS,
    onSubmit: async (values) => {
      const answer = trigger
        ? await client.call('updateCampaignTrigger', { params: { id: trigger.id }, body: values })
        : await client.call('createCampaignTrigger', { body: values });
      await queryClient.invalidateQueries({ queryKey: adminKeys.campaignTriggers() });
      onSaved(answer.data, trigger === null);
      onClose();
    },
  });
  const errors = form.formState.errors;
  const channel = form.watch('channel');
  const type = form.watch('trigger_type') ?? 'manual';
  const message = form.watch('message') ?? '';
  const allowed = RECURRENCES_BY_TYPE[type];
  // a type recurs only as it may: a birthday yearly, a new lead once
  useEffect(() => {
    const recurrence = form.getValues('recurrence');
    if (!recurrence || !allowed.includes(recurrence)) form.setValue('recurrence', allowed[0] ?? 'once');
  }, [allowed, form]);

  return (
    <form noValidate onSubmit={form.submit} aria-label={trigger ? 'Edit campaign trigger' : 'New campaign trigger'} className="flex flex-col gap-4">
      <Field label="Name" error={errors.name?.message} required>
        <Input {...form.register('name')} autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelect control={form.control} name="channel" label="Sent as" options={optionsOf(CHANNEL_LABELS)} required />
        <FormSelect control={form.control} name="trigger_type" label="When" options={optionsOf(TRIGGER_TYPE_LABELS)} required />
        <FormSelect
          control={form.control}
          name="recurrence"
          label="Recurs"
          options={optionsOf(RECURRENCE_LABELS).filter((option) => allowed.includes(option.value))}
          required
        />
        {(brandWide || trigger?.scope === 'brand') && (
          <FormSelect control={form.control} name="scope" label="For" options={optionsOf(SCOPE_LABELS)} required />
        )}
      </div>
      {channel === 'email' && (
        <Field label="Subject" error={errors.email_subject?.message} required>
          <Input {...form.register('email_subject')} autoComplete="off" />
        </Field>
      )}
      <Field
        label="Message"
        description={channel === 'sms' ? `${message.length.toLocaleString('en-US')} of 1,600 characters` : 'What the e-mail says'}
        error={errors.message?.message}
        required
      >
        <Textarea {...form.register('message')} rows={5} />
      </Field>
      <FormCheckbox control={form.control} name="active" label="Active" description="Offered to agents when they text or e-mail" />
      <FormError message={form.formError} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
        <DialogActions type="submit" loading={form.formState.isSubmitting}>
          {trigger ? 'Save trigger' : 'Create trigger'}
        </DialogActions>
      </div>
    </form>
  );
}

/** Create or change a campaign trigger (POST or PATCH /v1/admin/campaign_triggers); each error beside its field. */
export function CampaignTriggerFormDialog({ trigger, brandWide, onClose, onSaved }: CampaignTriggerFormDialogProps) {
  const editing = trigger !== null && trigger !== 'new' ? trigger : null;
  return (
    <Dialog
      open={trigger !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={editing ? `Edit ${editing.name}` : 'New campaign trigger'}
    >
      {trigger !== null && <TriggerForm key={editing?.id ?? 'new'} trigger={editing} brandWide={brandWide} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
