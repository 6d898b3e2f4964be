import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu } from './Menu';

describe('Menu', () => {
  it('opens from its button, runs an action, and follows the arrow keys', async () => {
    const onImport = vi.fn();
    render(
      <Menu
        trigger="Actions"
        items={[
          { id: 'import', label: 'Import', onSelect: onImport },
          { kind: 'link', id: 'docs', element: <a href="/docs">Docs</a> },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Import' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Docs' })).toHaveAttribute('href', '/docs');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Import' }));
    expect(onImport).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('ticks checkbox entries and can stay open while several are ticked', async () => {
    const onChange = vi.fn();
    render(
      <Menu
        trigger="Columns"
        title="Shown columns"
        keepOpenOnCheck
        items={[{ kind: 'checkbox', id: 'city', label: 'City', checked: false, onCheckedChange: onChange }]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const city = await screen.findByRole('menuitemcheckbox', { name: 'City' });
    expect(city).not.toBeChecked();
    await userEvent.click(city);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('menu')).toBeVisible();
  });
});
