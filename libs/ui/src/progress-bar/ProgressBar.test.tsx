import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('exposes a labelled progressbar with its value', () => {
    render(<ProgressBar label="Importing contacts" value={30} max={120} />);
    const bar = screen.getByRole('progressbar', { name: 'Importing contacts' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemax', '120');
    expect(bar).toHaveAttribute('aria-valuetext', `${Math.round((30 / 120) * 100)}%`);
  });

  it('is indeterminate without a value', () => {
    render(<ProgressBar label="Preparing" value={null} />);
    const bar = screen.getByRole('progressbar', { name: 'Preparing' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
  });
});
