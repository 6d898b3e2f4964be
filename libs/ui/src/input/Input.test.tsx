import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Input } from './Input';

describe('Input', () => {
  it('passes ref and handlers through to the native input (react-hook-form register)', async () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(
      <Input aria-label="Name" name="first_name" ref={ref} onChange={onChange} onBlur={onBlur} />,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'first_name');
    await userEvent.type(input, 'Ada');
    expect(onChange).toHaveBeenCalledTimes('Ada'.length);
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
