import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { PRINT_MAX_CONTACTS, type ContactsScope, type PrintJob, type PrintLayout } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Dialog, DialogActions, Field, Select } from '@crm/ui';
import { selectionBody, type Selection } from '../selection';

const LAYOUTS: { value: PrintLayout; label: string }[] = [
  { value: 'sheets', label: 'Contact sheets (a page each)' },
  { value: 'labels', label: 'Mailing labels (30 a page, Avery 5160)' },
];

export type PrintDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: Selection;
  scope: ContactsScope;
  selectedLabel: string;
  onStarted: (job: PrintJob) => void;
};

/** "Print" on the list's selection (at most 500 contacts): contact sheets or mailing labels, made as a PDF in a job the list follows. */
export function PrintDialog({ open, onOpenChange, selection, scope, selectedLabel, onStarted }: PrintDialogProps) {
  const client = useApiClient();
  const [layout, setLayout] = useState<PrintLayout>('sheets');
  const print = useMutation({
    mutationFn: () => client.call('batchPrint', { body: { ...selectionBody(selection, scope), layout } }),
    onSuccess: (answer) => {
      onStarted(answer.data);
      onOpenChange(false);
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Print ${selectedLabel}`}
      description={`A PDF of at most ${PRINT_MAX_CONTACTS} contacts.`}
      size="sm"
      footer={
        <DialogActions loading={print.isPending} onClick={() => print.mutate()}>
          Make PDF
        </DialogActions>
      }
    >
      <Field label="Layout" error={print.isError ? apiErrorMessage(print.error) : undefined}>
        <Select options={LAYOUTS} value={layout} onValueChange={(value) => setLayout(value as PrintLayout)} />
      </Field>
    </Dialog>
  );
}
