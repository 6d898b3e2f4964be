import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input } from '../input/Input';
import { Select } from '../select/Select';
import { Field } from './Field';

function describedByIds(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
}

describe('Field', () => {
  it('labels the control and links the description', () => {
    render(
      <Field label="E-mail" description="We never share it.">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAccessibleDescription('We never share it.');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeValid();
  });

  it('marks the control invalid and announces the error beside it', () => {
    const { rerender } = render(
      <Field label="E-mail" description="Work address">
        <Input />
      </Field>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toBeEmptyDOMElement();

    rerender(
      <Field label="E-mail" description="Work address" error="Enter a valid e-mail">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeInvalid();
    // The same live region now holds the message, so screen readers announce it.
    expect(screen.getByRole('alert')).toBe(alert);
    expect(alert).toHaveTextContent('Enter a valid e-mail');
    const ids = describedByIds(input);
    expect(ids).toContain(alert.id);
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Work address',
      'Enter a valid e-mail',
    ]);
  });

  it('keeps the control’s own id and aria-describedby', () => {
    render(
      <>
        <p id="hint">Outside hint</p>
        <Field label="Phone" error="Required">
          <Input id="phone" aria-describedby="hint" />
        </Field>
      </>,
    );
    const input = screen.getByLabelText('Phone');
    expect(input.id).toBe('phone');
    expect(describedByIds(input)).toEqual(['hint', screen.getByRole('alert').id]);
  });

  it('sets aria-required when required', () => {
    render(
      <Field label="Name" required>
        <Input />
      </Field>,
    );
    expect(screen.getByLabelText(/Name/)).toBeRequired();
  });

  it('names a Select through its label', () => {
    render(
      <Field label="Time zone" error="Choose a time zone">
        <Select options={[{ value: 'utc', label: 'UTC' }]} placeholder="Choose…" />
      </Field>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Time zone' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Choose a time zone');
  });
});
