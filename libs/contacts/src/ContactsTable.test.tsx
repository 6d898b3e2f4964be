import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Contact } from '@crm/contract';
import { contactFixture } from '@crm/testing';
import { CONTACT_ROW_HEIGHT, ContactsTable } from './ContactsTable';
import { EMPTY_SELECTION } from './selection';

const TEN_THOUSAND = 10_000;
const rows: Contact[] = Array.from({ length: TEN_THOUSAND }, (_, i) =>
  contactFixture({ id: i + 1, last_name: `Row${i + 1}`, tags: i % 2 ? [] : [{ id: 1, name: 'Hot', color: '#b91c1c' }] }),
);

function renderTable(onLoadMore = vi.fn()) {
  render(
    <MemoryRouter>
      <ContactsTable
        rows={rows}
        totalRows={TEN_THOUSAND}
        hasNextPage={false}
        isFetchingNextPage={false}
        onLoadMore={onLoadMore}
        selection={EMPTY_SELECTION}
        onToggleRow={vi.fn()}
        pageSelected={false}
        onTogglePage={vi.fn()}
        orderField="last_name"
        order="asc"
        onSort={vi.fn()}
        onOpen={vi.fn()}
        zone="America/New_York"
        caption="Contacts"
      />
    </MemoryRouter>,
  );
}

describe('ContactsTable with 10,000 loaded rows', { timeout: 60_000 }, () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });

  it('keeps only the visible rows (and a few more) in the page, wherever the user scrolls', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Contacts' });
    expect(table).toHaveAttribute('aria-rowcount', String(TEN_THOUSAND + 1));
    // DOM queries rather than ByRole: name computation over many cells is slow in jsdom.
    const shown = () => table.querySelectorAll('tbody tr[aria-rowindex]').length;
    const rowOf = (name: string) => within(table).queryByText(name)?.closest('tr') ?? null;
    expect(shown()).toBeGreaterThan(10);
    expect(shown()).toBeLessThan(60);
    expect(rowOf('Pat Row1')).toHaveAttribute('aria-rowindex', '2');

    const scroller = screen.getByTestId('contacts-scroll');
    scroller.scrollTop = 7_000 * CONTACT_ROW_HEIGHT;
    fireEvent.scroll(scroller);
    expect(shown()).toBeLessThan(60);
    const row = rowOf('Pat Row7001') as HTMLElement;
    expect(row).toHaveAttribute('aria-rowindex', '7002');
    expect(within(row).getByText('Hot')).toBeInTheDocument();
    expect(rowOf('Pat Row1')).toBeNull();
  });
});
