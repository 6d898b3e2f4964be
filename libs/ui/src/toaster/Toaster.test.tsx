import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster, toast } from './Toaster';

describe('Toaster', () => {
  it('shows, in order, the toasts raised before it mounted and before sonner arrived, then those raised later', async () => {
    toast.error('Access denied!', { id: 'denied' });
    toast.error('Access denied!', { id: 'denied' });
    toast.success('Saved before the toaster');
    const { unmount } = render(<Toaster />);
    expect(await screen.findByText('Saved before the toaster')).toBeInTheDocument();
    expect(screen.getAllByText('Access denied!')).toHaveLength(1);

    act(() => toast('Raised while it listens'));
    expect(await screen.findByText('Raised while it listens')).toBeInTheDocument();
    act(() => toast.dismiss());
    await waitFor(() => expect(screen.queryByText('Raised while it listens')).toBeNull());
    unmount();
  });
});
