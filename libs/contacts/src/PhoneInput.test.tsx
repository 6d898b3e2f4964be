import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhoneInput } from './PhoneInput';

function Harness({ onDigits }: { onDigits: (digits: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PhoneInput
      aria-label="Phone"
      value={value}
      onValueChange={(digits) => {
        setValue(digits);
        onDigits(digits);
      }}
    />
  );
}

describe('PhoneInput', () => {
  it('shows 11 digits as 1-3-3-4 and hands the form digits only', async () => {
    const onDigits = vi.fn();
    render(<Harness onDigits={onDigits} />);
    await userEvent.type(screen.getByLabelText('Phone'), '15551234567');
    expect(screen.getByLabelText('Phone')).toHaveValue('1-555-123-4567');
    expect(onDigits).toHaveBeenLastCalledWith('15551234567');
  });

  it('shows 10 digits as 3-3-4 and groups partial input as typed', async () => {
    render(<Harness onDigits={() => undefined} />);
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '55512');
    expect(input).toHaveValue('555-12');
    await userEvent.type(input, '34567');
    expect(input).toHaveValue('555-123-4567');
  });

  it('drops everything but digits, typed or pasted', async () => {
    const onDigits = vi.fn();
    render(<Harness onDigits={onDigits} />);
    const input = screen.getByLabelText('Phone');
    await userEvent.click(input);
    await userEvent.paste('(555) 123-4567 ext.89');
    expect(onDigits).toHaveBeenLastCalledWith('555123456789');
    expect(input).toHaveValue('555-123-4567-89');
    await userEvent.type(input, 'abc');
    expect(input).toHaveValue('555-123-4567-89');
  });

  it('shows a stored dialing number formatted', () => {
    render(<PhoneInput aria-label="Phone" value="13125550123" onValueChange={() => undefined} />);
    expect(screen.getByLabelText('Phone')).toHaveValue('1-312-555-0123');
  });
});
