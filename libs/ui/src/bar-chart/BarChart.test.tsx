import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';

describe('BarChart', () => {
  it('draws a bar per value and gives the same values to screen readers as a table', () => {
    render(
      <BarChart
        title="Minutes used by month"
        valueHeader="Minutes used"
        data={[
          { label: 'Oct 2026', value: 1200 },
          { label: 'Nov 2026', value: 300 },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Minutes used by month' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Minutes used by month' });
    expect(within(table).getByRole('rowheader', { name: 'Oct 2026' }).closest('tr')).toHaveTextContent('1,200');
    const bars = screen.getByTestId('bar-chart').querySelectorAll('rect');
    expect(bars).toHaveLength(2);
    // the highest value fills the plot; the others are in proportion
    expect(Number(bars[0]!.getAttribute('height'))).toBe(4 * Number(bars[1]!.getAttribute('height')));
  });

  it('says so when there is nothing to show', () => {
    render(<BarChart title="Usage" valueHeader="Used" data={[]} />);
    expect(screen.getByText('Nothing to show yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
