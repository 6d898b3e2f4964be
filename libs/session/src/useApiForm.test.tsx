import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@crm/api-client';
import { Button, Field, Input } from '@crm/ui';
import { FormError } from './FormError';
import { useApiForm, type ApiFormOptions } from './useApiForm';

/** Trims the name and reads the age as a number: the form's text in, the parsed values out. */
const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  age: z.string().transform((value) => Number(value)),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

type HarnessProps = {
  onSubmit: ApiFormOptions<Input, Output>['onSubmit'];
  fields?: ApiFormOptions<Input, Output>['fields'];
};

function Harness({ onSubmit, fields }: HarnessProps) {
  const {
    register,
    submit,
    formError,
    formState: { errors },
  } = useApiForm<Input, Output>({
    schema,
    defaultValues: { name: '', age: '' },
    onSubmit,
    fields,
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Person">
      <Field label="Name" error={errors.name?.message}>
        <Input {...register('name')} />
      </Field>
      <Field label="Age" error={errors.age?.message}>
        <Input {...register('age')} />
      </Field>
      <FormError id="person-form-error" message={formError} />
      <Button type="submit">Save</Button>
    </form>
  );
}

async function fillAndSave(name: string, age: string) {
  const events = userEvent.setup();
  await events.type(screen.getByLabelText('Name'), name);
  await events.type(screen.getByLabelText('Age'), age);
  await events.click(screen.getByRole('button', { name: 'Save' }));
  return events;
}

/** The FormError beside the form (each Field has its own alert region too). */
function formErrorBox(): HTMLElement {
  const box = document.getElementById('person-form-error');
  if (!box) throw new Error('FormError not rendered');
  return box;
}

function unprocessable(errors: Record<string, string | string[]>): ApiError {
  return new ApiError(422, { errors });
}

describe('useApiForm', () => {
  it('puts a 422 message beside its field and focuses that field', async () => {
    render(
      <Harness onSubmit={() => Promise.reject(unprocessable({ age: ['Age is too high'] }))} />,
    );
    await fillAndSave('Ann', '130');

    const age = screen.getByLabelText('Age');
    await waitFor(() => expect(age).toHaveAccessibleDescription('Age is too high'));
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(age).toHaveFocus();
    expect(formErrorBox()).toBeEmptyDOMElement();
  });

  it('shows the message of a field the form does not have as the form error', async () => {
    render(
      <Harness
        onSubmit={() => Promise.reject(unprocessable({ base: 'This person is archived' }))}
      />,
    );
    await fillAndSave('Ann', '30');

    expect(await screen.findByText('This person is archived')).toBeInTheDocument();
    expect(formErrorBox()).toHaveTextContent('This person is archived');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('places only the given fields beside the inputs', async () => {
    render(
      <Harness
        fields={['name']}
        onSubmit={() => Promise.reject(unprocessable({ age: 'Age is too high' }))}
      />,
    );
    await fillAndSave('Ann', '130');

    await waitFor(() => expect(formErrorBox()).not.toBeEmptyDOMElement());
    expect(formErrorBox()).toHaveTextContent('Age is too high');
    expect(screen.getByLabelText('Age')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks a fields function with the current values when the request fails', async () => {
    const fields = vi.fn((_values: Input): Path<Input>[] => ['name']);
    render(
      <Harness
        fields={fields}
        onSubmit={() => Promise.reject(unprocessable({ name: 'Name is taken' }))}
      />,
    );
    await fillAndSave('Ann', '30');

    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is taken'),
    );
    expect(fields).toHaveBeenCalledWith({ name: 'Ann', age: '30' });
  });

  it('calls onSubmit with the parsed values of the schema', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<Harness onSubmit={onSubmit} />);
    await fillAndSave('  Ann  ', '42');

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', age: 42 }, expect.anything());
    expect(formErrorBox()).toBeEmptyDOMElement();
  });

  it('does not call onSubmit when the schema refuses the values', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<Harness onSubmit={onSubmit} />);
    await fillAndSave('   ', '42');

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps what was typed after a failure', async () => {
    render(<Harness onSubmit={() => Promise.reject(new ApiError(500, null))} />);
    await fillAndSave('Ann', '30');

    await waitFor(() => expect(formErrorBox()).not.toBeEmptyDOMElement());
    expect(formErrorBox()).toHaveTextContent('Something went wrong');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Age')).toHaveValue('30');
  });

  it('clears the form error when the next submit starts', async () => {
    let release: () => void = () => undefined;
    const onSubmit = vi
      .fn<HarnessProps['onSubmit']>()
      .mockRejectedValueOnce(unprocessable({ base: 'Try again later' }))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    render(<Harness onSubmit={onSubmit} />);
    const events = await fillAndSave('Ann', '30');
    await waitFor(() => expect(formErrorBox()).not.toBeEmptyDOMElement());
    expect(formErrorBox()).toHaveTextContent('Try again later');

    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    // Cleared while the second request is still pending, not only when it succeeds.
    await waitFor(() => expect(formErrorBox()).toBeEmptyDOMElement());
    expect(screen.queryByText('Try again later')).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(formErrorBox()).toBeEmptyDOMElement());
  });

  it('lets onSubmit set the form error for an answer that is a refusal', async () => {
    render(
      <Harness
        onSubmit={async (_values, form) => {
          form.setFormError('The code was not accepted.');
        }}
      />,
    );
    await fillAndSave('Ann', '30');

    await waitFor(() => expect(formErrorBox()).not.toBeEmptyDOMElement());
    expect(formErrorBox()).toHaveTextContent('The code was not accepted.');
  });
});
