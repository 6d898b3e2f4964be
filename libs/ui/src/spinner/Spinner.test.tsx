import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a status with its label', () => {
    render(<Spinner label="Loading contacts" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading contacts');
  });
});
