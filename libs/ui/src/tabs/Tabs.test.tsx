import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './Tabs';

const tabs: TabItem[] = [
  { value: 'profile', label: 'Profile', content: 'Profile form' },
  { value: 'password', label: 'Password', content: 'Password form' },
  { value: 'api_keys', label: 'API keys', content: 'API key list' },
];

describe('Tabs', () => {
  it('switches tabs with the arrow keys (uncontrolled)', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} aria-label="Account" />);
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeInTheDocument();
    const [first, second, last] = tabs.map((tab) =>
      screen.getByRole('tab', { name: String(tab.label) }),
    );
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Profile' })).toHaveTextContent('Profile form');

    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Password' })).toHaveTextContent('Password form');

    await user.keyboard('{End}');
    expect(last).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveAttribute('aria-selected', 'true');
  });

  it('reports changes and follows the value when controlled', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    const { rerender } = render(
      <Tabs tabs={tabs} value="password" onValueChange={onValueChange} aria-label="Account" />,
    );
    const password = screen.getByRole('tab', { name: 'Password' });
    expect(password).toHaveAttribute('aria-selected', 'true');

    password.focus();
    await user.keyboard('{ArrowLeft}');
    expect(onValueChange).toHaveBeenLastCalledWith('profile');
    // The parent has not changed the value yet, so the selection stays.
    expect(password).toHaveAttribute('aria-selected', 'true');

    rerender(
      <Tabs tabs={tabs} value="profile" onValueChange={onValueChange} aria-label="Account" />,
    );
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });
});
