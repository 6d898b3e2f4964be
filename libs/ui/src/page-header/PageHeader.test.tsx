import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('gives the page its one level-1 heading, with its actions beside it', () => {
    render(<PageHeader title="Transfers" actions={<a href="/contacts">Back to contacts</a>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Transfers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute('href', '/contacts');
  });
});
