import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRowProblem } from '@crm/contract';
import { ImportProblems, PROBLEMS_PAGE_SIZE } from './ImportProblems';

/** 45 problems: rows 2 to 46, every fifth row refused (with a warning after its refusal). */
const problems: ImportRowProblem[] = Array.from({ length: 45 }, (_, i) => {
  const row = i + 2;
  return row % 5 === 0
    ? { row, column: '', value: '', severity: 'refusal', reason: `Repeats row ${row - 1}` }
    : { row, column: 'DOB', value: '31/31/1950', severity: 'warning', reason: "DOB '31/31/1950' is not a date: use MM/DD/YYYY, YYYY-MM-DD or M/D/YY" };
});

describe('ImportProblems', () => {
  it('counts the outcomes and pages through every problem, each with its row and what happens to that row', () => {
    render(<ImportProblems problems={problems} outcomes={{ imports: 955, imports_with_warnings: 36, refused: 9, skipped: 0 }} rows_checked={1000} more_rows />);
    expect(screen.getByText('955 import, 36 import with warnings, 9 refused, 0 skipped by scrubbing; the rest of the file is checked as it imports.')).toBeVisible();
    const rows = () => Array.from(screen.getByRole('table').querySelectorAll('tbody tr'));
    expect(rows()).toHaveLength(PROBLEMS_PAGE_SIZE);
    expect(rows()[0]).toHaveTextContent("2Imports with warningsDOB '31/31/1950' is not a date: use MM/DD/YYYY, YYYY-MM-DD or M/D/YY");
    expect(rows()[3]).toHaveTextContent('5RefusedRepeats row 4');
    const pages = screen.getByRole('navigation', { name: 'Pages of problems' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    fireEvent.click(within(pages).getByText('Next'));
    fireEvent.click(within(pages).getByText('Next'));
    expect(pages).toHaveTextContent('Page 3 of 3');
    expect(rows().map((r) => r.querySelector('th')?.textContent)).toEqual(['42', '43', '44', '45', '46']);
  });

  it('says so when the checked rows have no problem', () => {
    render(<ImportProblems problems={[]} outcomes={{ imports: 3, imports_with_warnings: 0, refused: 0, skipped: 0 }} rows_checked={3} more_rows={false} />);
    expect(screen.getByText('3 import, 0 import with warnings, 0 refused, 0 skipped by scrubbing.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says of a row that names a contact the user may edit that it updates it', () => {
    render(<ImportProblems problems={problems.slice(0, 4)} updating_rows={[3, 5]} outcomes={{ imports: 0, imports_with_warnings: 3, refused: 1, skipped: 0 }} rows_checked={4} more_rows={false} />);
    const rows = Array.from(screen.getByRole('table').querySelectorAll('tbody tr'));
    expect(rows.map((r) => r.querySelectorAll('td')[0]?.textContent)).toEqual(['Imports with warnings', 'Updates its contact, with warnings', 'Imports with warnings', 'Refused']);
  });

  it('says of a row the scrubbing skips that it is skipped, with the reason the import will give', () => {
    const skipped: ImportRowProblem[] = [
      { row: 2, column: 'Phone', value: '', severity: 'refusal', reason: 'Matches an existing contact by phone' },
      { row: 4, column: 'Phone', value: '', severity: 'refusal', reason: 'Same phone as row 3' },
    ];
    render(<ImportProblems problems={skipped} skipped_rows={[2, 4]} outcomes={{ imports: 1, imports_with_warnings: 0, refused: 0, skipped: 2 }} rows_checked={3} more_rows={false} />);
    expect(screen.getByText('1 import, 0 import with warnings, 0 refused, 2 skipped by scrubbing.')).toBeVisible();
    const rows = Array.from(screen.getByRole('table').querySelectorAll('tbody tr'));
    expect(rows.map((r) => r.textContent)).toEqual(['2Skipped (scrubbed)Matches an existing contact by phone', '4Skipped (scrubbed)Same phone as row 3']);
  });
});
