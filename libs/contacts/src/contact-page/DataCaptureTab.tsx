import { useState, type FormEvent } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { dataCaptureEntry, updateDataCapture } from '@crm/contract';
import { useApiForm } from '@crm/session';
import { Button, Field, Input, Textarea, toast } from '@crm/ui';
import { contactKeys, dataCaptureQueryOptions } from '../contacts-queries';
import { ListError, SaveBar, SavedRecordFrame } from './SavedRecordForm';

type DataCaptureValues = { data_captures: { question: string; answer: string }[] };
type DataCaptureOutput = z.output<typeof updateDataCapture.body>;

/** The most questions the contract takes; a 422 may name any of them. */
const MAX_QUESTIONS = 100;
const SERVER_FIELDS: Path<DataCaptureValues>[] = [
  'data_captures',
  ...Array.from({ length: MAX_QUESTIONS }, (_, i) => [`data_captures.${i}.question`, `data_captures.${i}.answer`] as const).flat(),
];

type DataCaptureFormProps = {
  contactId: number;
  initial: DataCaptureValues;
};

function DataCaptureForm({ contactId, initial }: DataCaptureFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState('');
  const [questionError, setQuestionError] = useState<string | null>(null);
  const { control, register, submit, reset, formError, formState } = useApiForm<DataCaptureValues, DataCaptureOutput>({
    schema: updateDataCapture.body as unknown as z.ZodType<DataCaptureOutput, DataCaptureValues>,
    defaultValues: initial,
    fields: SERVER_FIELDS,
    onSubmit: async (body) => {
      const answer = await client.call('updateDataCapture', { params: { id: contactId }, body });
      queryClient.setQueryData(contactKeys.record(contactId, 'data_capture'), answer);
      reset({ data_captures: answer.data.data_captures });
      toast.success('Answers saved.');
    },
  });
  const entries = useFieldArray({ control, name: 'data_captures' });
  const errors = formState.errors.data_captures;

  const handleAddQuestion = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = dataCaptureEntry.shape.question.safeParse(question);
    if (!parsed.success) {
      setQuestionError(parsed.error.issues[0]?.message ?? 'Question is required');
      return;
    }
    setQuestionError(null);
    entries.append({ question: parsed.data, answer: '' });
    setQuestion('');
  };

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} aria-label="Data capture answers" className="flex flex-col gap-4">
        {entries.fields.length === 0 && <p className="text-sm text-muted">No questions. Add one below.</p>}
        {entries.fields.map((entry, index) => (
          <div key={entry.id} className="grid items-start gap-2 sm:grid-cols-[1fr_auto]">
            <Field label={entry.question} error={errors?.[index]?.answer?.message ?? errors?.[index]?.question?.message}>
              <Textarea {...register(`data_captures.${index}.answer`)} rows={2} />
            </Field>
            <Button
              variant="ghost"
              size="sm"
              className="sm:mt-6"
              aria-label={`Remove the question ${entry.question}`}
              onClick={() => entries.remove(index)}
            >
              Remove
            </Button>
          </div>
        ))}
        <ListError message={errors?.message} />
        <SaveBar formError={formError} label="Save answers" pending={formState.isSubmitting} dirty={formState.isDirty} />
      </form>
      <form noValidate onSubmit={handleAddQuestion} aria-label="Add a question" className="flex flex-wrap items-end gap-2">
        <Field label="New question" error={questionError} className="min-w-64 flex-1">
          <Input value={question} onChange={(event) => setQuestion(event.target.value)} autoComplete="off" />
        </Field>
        <Button type="submit" variant="secondary" className="mb-0.5">
          Add question
        </Button>
      </form>
    </div>
  );
}

export type DataCaptureTabProps = {
  contactId: number;
  /** The user's IANA time zone. */
  zone: string;
};

/** The needs-analysis questions of a contact with their answers: edit, add or remove a question, save. */
export function DataCaptureTab({ contactId, zone }: DataCaptureTabProps) {
  const client = useApiClient();
  const capture = useQuery(dataCaptureQueryOptions(client, contactId));
  return (
    <SavedRecordFrame query={capture} loadingLabel="Loading answers" zone={zone}>
      {({ data_captures }) => <DataCaptureForm contactId={contactId} initial={{ data_captures }} />}
    </SavedRecordFrame>
  );
}
