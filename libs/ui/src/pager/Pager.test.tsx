import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

describe('Pager', () => {
  it('says where the list is and moves a page either way, not past the ends', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager label="Pages of imports" page={1} totalPages={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pages of imports' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pager label="Pages of imports" page={3} totalPages={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pager label="Pages of imports" page={1} totalPages={1} onPage={onPage} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
