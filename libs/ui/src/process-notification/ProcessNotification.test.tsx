import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProcessNotification } from './ProcessNotification';

describe('ProcessNotification (spec part 2 §3: visible, status default processing, text, link)', () => {
  it('shows nothing while not visible', () => {
    const { container } = render(<ProcessNotification visible={false} text="Hidden" onClose={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is one status region with the text and the link; closing calls onClose', async () => {
    const onClose = vi.fn();
    render(<ProcessNotification visible text="Moved 2 contacts to Bo." linkUrl="/contacts/transfers/4" linkText="See the transfer" onClose={onClose} />);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Moved 2 contacts to Bo.');
    expect(screen.getByRole('link', { name: 'See the transfer' })).toHaveAttribute('href', '/contacts/transfers/4');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
