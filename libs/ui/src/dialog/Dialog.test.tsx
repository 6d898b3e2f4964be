import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/Button';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it('opens from its trigger and closes with Escape, returning focus', async () => {
    const user = userEvent.setup();
    render(
      <Dialog
        title="Delete contact"
        description="This cannot be undone."
        trigger={<Button>Delete…</Button>}
      >
        <Button>Confirm</Button>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Delete…' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Delete contact' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button>Outside</Button>
        <Dialog title="Edit" defaultOpen>
          <Button>Inside</Button>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit' });
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes with its close button when controlled', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          title="Notes"
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
          closeLabel="Close notes"
        />
      );
    }
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Close notes' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('returns focus to the button that opened it when it is opened by its open prop', async () => {
    const user = userEvent.setup();
    function RowAction() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Edit plan</Button>
          <Dialog title="Edit plan" open={open} onOpenChange={setOpen}>
            <Button>Save</Button>
          </Dialog>
        </>
      );
    }
    render(<RowAction />);
    const opener = screen.getByRole('button', { name: 'Edit plan' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit plan' })).toBeInTheDocument();
    expect(opener).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
