import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, useApiClient } from '@crm/api-client';
import {
  IMPORT_FIELD_KEYS,
  IMPORT_FIELDS,
  mappingProblem,
  type ContactCategory,
  type ImportAttempt,
  type ImportField,
  type ImportFieldInfo,
  type ImportValidation,
} from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Button, Checkbox, Field, Input, Select, Table, type TableColumn } from '@crm/ui';
import { useFlag } from '@crm/variant';
import { TagChoiceList } from '../filters/TagChoiceList';
import { importKeys, importSettingsQueryOptions } from './import-queries';
import { ImportProblems, outcomeCounts, outcomeLabel } from './ImportProblems';

const LEAVE_OUT = 'leave-out';
const FIELD_OPTIONS = [{ value: LEAVE_OUT, label: 'Leave out' }, ...IMPORT_FIELD_KEYS.map((key) => ({ value: key, label: IMPORT_FIELDS[key].label }))];
const CATEGORIES: { value: ContactCategory; label: string }[] = [
  { value: 'lead', label: 'Leads' },
  { value: 'client', label: 'Clients' },
  { value: 'prospect', label: 'Prospects' },
];
/** What a field accepts, shown beside the column mapped to it. */
const accepts = (field: ImportField | null | undefined): string | undefined => (field ? (IMPORT_FIELDS[field] as ImportFieldInfo).accepts : undefined);

/** The server's messages by field (422), to show beside each field. */
const apiFieldErrors = (error: unknown): Record<string, string | undefined> => (error instanceof ApiError ? error.fieldErrors() : {});

type Step = 'file' | 'mapping' | 'options';

export type ImportWizardProps = { onStarted: (attempt: ImportAttempt) => void };

/**
 * The import wizard: choose a file (it is read once, on the server: header, encoding, first
 * rows), map its columns (the proposed mapping first; saved mappings can be applied and the
 * current one saved), see the preview and the row problems, choose the options of the import form
 * (part 2 §3: category, tags, scrubbing with updated-lead tags, vendor and lead type) and start it.
 */
export function ImportWizard({ onStarted }: ImportWizardProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const tracking = useFlag('import_lead_tracking');
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>('file');
  const [validation, setValidation] = useState<ImportValidation | null>(null);
  const [fields, setFields] = useState<(ImportField | null)[]>([]);
  const [settingName, setSettingName] = useState('');
  const [category, setCategory] = useState<ContactCategory>('lead');
  const [tags, setTags] = useState<number[]>([]);
  const [scrub, setScrub] = useState({ phone: true, email: true, do_not_contact: true });
  const [retag, setRetag] = useState<number[]>([]);
  const [vendorName, setVendorName] = useState('');
  const [leadType, setLeadType] = useState('');
  const settings = useQuery({ ...importSettingsQueryOptions(client), enabled: step === 'mapping' });

  // the preview is checked with the scrubbing the import will do, so it says what the import will do
  const check = useMutation({
    mutationFn: (body: { file?: File; fields?: (ImportField | null)[]; scrub?: typeof scrub; stay?: boolean }) => {
      const form = new FormData();
      if (body.file) form.append('file', body.file, body.file.name);
      else if (validation) form.append('attachment_id', String(validation.file.id));
      if (body.fields) form.append('fields', JSON.stringify(body.fields));
      form.append('scrub_against', JSON.stringify(body.scrub ?? scrub));
      return client.call('validateImport', { body: form });
    },
    onSuccess: (answer, body) => {
      setValidation(answer.data);
      setFields(answer.data.fields);
      if (!body.stay) setStep('mapping');
    },
  });
  /** A scrubbing choice changed in the options: the rows are checked again with it. */
  const chooseScrub = (next: typeof scrub) => {
    setScrub(next);
    check.mutate({ fields, scrub: next, stay: true });
  };
  const save = useMutation({
    mutationFn: () => client.call('createImportSetting', { body: { name: settingName, headers: validation?.headers ?? [], fields } }),
    onSuccess: async () => {
      setSettingName('');
      await queryClient.invalidateQueries({ queryKey: importKeys.settings() });
    },
  });
  const start = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('attachment_id', String(validation?.file.id));
      form.append('fields', JSON.stringify(fields));
      form.append('tags', JSON.stringify(tags));
      form.append('scrub_against', JSON.stringify({ ...scrub, updated_lead_tags: retag }));
      if (tracking && vendorName.trim()) form.append('api_vendor_obj', JSON.stringify({ vendor_name: vendorName.trim() }));
      if (tracking && leadType.trim()) form.append('lead_type', leadType.trim());
      if (category === 'lead') return client.call('leadsUploader', { body: form });
      if (category === 'client') return client.call('clientsUploader', { body: form });
      form.append('category', category);
      return client.call('startImport', { body: form });
    },
    onSuccess: (answer) => {
      onStarted(answer.data);
      setStep('file');
      setValidation(null);
      if (input.current) input.current.value = '';
    },
  });

  const startErrors = start.isError ? apiFieldErrors(start.error) : {};
  const problem = mappingProblem(fields);

  if (step === 'file' || !validation) {
    const error = check.isError ? (apiFieldErrors(check.error)['file'] ?? apiErrorMessage(check.error)) : undefined;
    return (
      <section aria-labelledby="import-file-title" className="flex flex-col gap-3 rounded border border-border bg-surface p-4">
        <h2 id="import-file-title" className="text-lg font-semibold">
          1. Choose a file
        </h2>
        <Field label="CSV or Excel file" description="A header row first. CSV in any common encoding; Excel .xlsx (the first sheet)." error={error}>
          <Input
            ref={input}
            type="file"
            accept=".csv,.txt,.xlsx"
            disabled={check.isPending}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) check.mutate({ file });
            }}
          />
        </Field>
        {check.isPending && <p role="status">Reading the file…</p>}
      </section>
    );
  }

  const sample = validation.preview[0]?.values ?? [];
  const mappingColumns: TableColumn<{ index: number; header: string }>[] = [
    { id: 'column', header: 'Column', rowHeader: true, cell: (c) => c.header || `Column ${c.index + 1}` },
    { id: 'sample', header: 'First row', cell: (c) => <span className="text-muted">{sample[c.index] ?? ''}</span> },
    {
      id: 'field',
      header: 'Contact field',
      cell: (c) => (
        <Select
          aria-label={`Field for column ${c.header || c.index + 1}`}
          options={FIELD_OPTIONS}
          value={fields[c.index] ?? LEAVE_OUT}
          onValueChange={(value) => setFields(fields.map((f, i) => (i === c.index ? (value === LEAVE_OUT ? null : (value as ImportField)) : f)))}
        />
      ),
    },
    { id: 'accepts', header: 'Accepts', cell: (c) => <span className="text-sm text-muted">{accepts(fields[c.index])}</span> },
  ];
  type PreviewRow = ImportValidation['preview'][number];
  const updating = new Set(validation.updating_rows);
  const previewColumns: TableColumn<PreviewRow>[] = [
    { id: 'row', header: 'Row', rowHeader: true, cell: (r) => r.row },
    { id: 'outcome', header: 'Outcome', cell: (r) => outcomeLabel(r.outcome, updating.has(r.row)) },
    ...validation.headers.map((header, index) => ({ id: `c${index}`, header: header || `Column ${index + 1}`, cell: (r: PreviewRow) => r.values[index] ?? '' })),
  ];

  if (step === 'mapping') {
    return (
      <section aria-labelledby="import-mapping-title" className="flex flex-col gap-4 rounded border border-border bg-surface p-4">
        <h2 id="import-mapping-title" className="text-lg font-semibold">
          2. Map the columns of {validation.file.file_name}
        </h2>
        {settings.data && settings.data.length > 0 && (
          <Field label="Use a saved mapping">
            <Select
              options={settings.data.map((s) => ({ value: String(s.id), label: s.name }))}
              placeholder="Choose a saved mapping"
              onValueChange={(value) => {
                const saved = settings.data.find((s) => String(s.id) === value);
                if (!saved) return;
                setFields(validation.headers.map((header) => (saved.fields[saved.headers.indexOf(header)] as ImportField | undefined) ?? null));
              }}
            />
          </Field>
        )}
        <Table columns={mappingColumns} rows={validation.headers.map((header, index) => ({ index, header }))} getRowKey={(c) => c.index} caption="Column mapping" captionHidden />
        {problem && (
          <p role="alert" className="text-danger">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Save this mapping as" error={save.isError ? (apiFieldErrors(save.error)['name'] ?? apiErrorMessage(save.error)) : undefined}>
            <Input value={settingName} onChange={(event) => setSettingName(event.currentTarget.value)} />
          </Field>
          <Button type="button" variant="secondary" disabled={!settingName.trim()} loading={save.isPending} onClick={() => save.mutate()}>
            Save mapping
          </Button>
        </div>
        <h3 className="font-semibold">Preview</h3>
        <Table
          columns={previewColumns}
          rows={validation.preview}
          getRowKey={(r) => r.row}
          caption="First rows of the file"
          captionHidden
          scrollLabel="Preview (scrolls sideways)"
        />
        {/* checked under the mapping the server last saw: "Check again" after changing it */}
        <ImportProblems key={validation.fields.join()} problems={validation.problems} updating_rows={validation.updating_rows} skipped_rows={validation.skipped_rows} outcomes={validation.outcomes} rows_checked={validation.rows_checked} more_rows={validation.more_rows} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => setStep('file')}>
            Choose another file
          </Button>
          <Button type="button" variant="secondary" loading={check.isPending} disabled={problem !== null} onClick={() => check.mutate({ fields })}>
            Check again
          </Button>
          <Button type="button" disabled={problem !== null} onClick={() => setStep('options')}>
            Next: options
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="import-options-title" className="flex flex-col gap-4 rounded border border-border bg-surface p-4">
      <h2 id="import-options-title" className="text-lg font-semibold">
        3. Options for {validation.file.file_name}
      </h2>
      <Field
        label="Import as"
        description={fields.includes('category') ? 'For rows whose category column is empty or not a category; the others keep theirs.' : undefined}
        error={startErrors['category']}
      >
        <Select options={CATEGORIES} value={category} onValueChange={(value) => setCategory(value as ContactCategory)} />
      </Field>
      <TagChoiceList legend="Tags for every imported contact" findLabel="Find tags" chosen={tags} onChange={setTags} error={startErrors['tags']} />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Skip rows that match</legend>
        <Checkbox label="An existing contact's phone" checked={scrub.phone} onCheckedChange={(v) => chooseScrub({ ...scrub, phone: v === true })} />
        <Checkbox label="An existing contact's e-mail" checked={scrub.email} onCheckedChange={(v) => chooseScrub({ ...scrub, email: v === true })} />
        <Checkbox label="The do-not-contact list" checked={scrub.do_not_contact} onCheckedChange={(v) => chooseScrub({ ...scrub, do_not_contact: v === true })} />
      </fieldset>
      <p role="status" className="text-sm">
        {check.isPending
          ? 'Checking the rows again…'
          : `With these choices, of the first ${validation.rows_checked.toLocaleString('en-US')} rows: ${outcomeCounts(validation.outcomes)}.`}
      </p>
      {(scrub.phone || scrub.email) && (
        <TagChoiceList legend="Tags for the existing contacts a row matched" findLabel="Find tags for matched contacts" chosen={retag} onChange={setRetag} error={startErrors['scrub_against']} />
      )}
      {tracking && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Lead vendor" error={startErrors['api_vendor_obj']}>
            <Input value={vendorName} onChange={(event) => setVendorName(event.currentTarget.value)} />
          </Field>
          <Field label="Lead type" error={startErrors['lead_type']}>
            <Input value={leadType} onChange={(event) => setLeadType(event.currentTarget.value)} />
          </Field>
        </div>
      )}
      {start.isError && (
        <p role="alert" className="text-danger">
          {startErrors['fields'] ?? startErrors['file'] ?? startErrors['attachment_id'] ?? apiErrorMessage(start.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => setStep('mapping')}>
          Back to mapping
        </Button>
        <Button type="button" loading={start.isPending} onClick={() => start.mutate()}>
          Start import
        </Button>
      </div>
    </section>
  );
}
