import { useMemo, useState } from 'react';
import type { ImportRowOutcome, ImportRowProblem, ImportValidation } from '@crm/contract';
import { Pager, Table, type TableColumn } from '@crm/ui';

/** What the import makes of a row, as the wizard says it. */
export const OUTCOME_LABELS: Record<ImportRowOutcome, string> = {
  imports: 'Imports',
  imports_with_warnings: 'Imports with warnings',
  refused: 'Refused',
  skipped: 'Skipped (scrubbed)',
};
/** The same, of a row that names a contact the user may edit (Contact ID): it updates it. */
const UPDATE_LABELS: Record<ImportRowOutcome, string> = {
  imports: 'Updates its contact',
  imports_with_warnings: 'Updates its contact, with warnings',
  refused: 'Refused',
  skipped: 'Skipped (scrubbed)',
};

/** What the import makes of a row, as the wizard says it, whether it updates the contact it names or not. */
export function outcomeLabel(outcome: ImportRowOutcome, updates: boolean): string {
  return (updates ? UPDATE_LABELS : OUTCOME_LABELS)[outcome];
}

/** Problems shown on one page. */
export const PROBLEMS_PAGE_SIZE = 20;

const count = (n: number) => n.toLocaleString('en-US');

export type ImportProblemsProps = Pick<ImportValidation, 'problems' | 'outcomes' | 'rows_checked' | 'more_rows'> & {
  updating_rows?: readonly number[];
  /** Rows the scrubbing chosen skips. */
  skipped_rows?: readonly number[];
};

/** The checked rows counted by outcome, as one sentence. */
export function outcomeCounts(outcomes: ImportValidation['outcomes']): string {
  return `${count(outcomes.imports)} import, ${count(outcomes.imports_with_warnings)} import with warnings, ${count(outcomes.refused)} refused, ${count(outcomes.skipped)} skipped by scrubbing`;
}

/**
 * The checked rows' outcomes counted, and every problem of those rows, a page at a time: row (as
 * the spreadsheet numbers it), what happens to the row, and the reason (naming the column and what
 * it accepts).
 */
export function ImportProblems({ problems, outcomes, rows_checked, more_rows, updating_rows = [], skipped_rows = [] }: ImportProblemsProps) {
  const updating = useMemo(() => new Set(updating_rows), [updating_rows]);
  const skipped = useMemo(() => new Set(skipped_rows), [skipped_rows]);
  const [page, setPage] = useState(1);
  const rowOutcome = useMemo(() => {
    const byRow = new Map<number, ImportRowOutcome>();
    for (const p of problems) if (byRow.get(p.row) !== 'refused') byRow.set(p.row, p.severity === 'refusal' ? 'refused' : 'imports_with_warnings');
    for (const row of skipped) byRow.set(row, 'skipped');
    return byRow;
  }, [problems, skipped]);
  const totalPages = Math.max(1, Math.ceil(problems.length / PROBLEMS_PAGE_SIZE));
  const shown = problems.slice((Math.min(page, totalPages) - 1) * PROBLEMS_PAGE_SIZE, Math.min(page, totalPages) * PROBLEMS_PAGE_SIZE);
  const columns: TableColumn<ImportRowProblem>[] = [
    { id: 'row', header: 'Row', rowHeader: true, cell: (p) => p.row },
    { id: 'outcome', header: 'Row outcome', cell: (p) => outcomeLabel(rowOutcome.get(p.row) ?? 'imports_with_warnings', updating.has(p.row)) },
    { id: 'reason', header: 'Problem', cell: (p) => p.reason },
  ];
  return (
    <section aria-labelledby="import-problems-title" className="flex flex-col gap-2">
      <h3 id="import-problems-title" className="font-semibold">
        The first {count(rows_checked)} rows
      </h3>
      <p>
        {outcomeCounts(outcomes)}
        {more_rows ? '; the rest of the file is checked as it imports.' : '.'}
      </p>
      {problems.length > 0 && (
        <>
          <p className="text-sm text-muted">
            A value that fails its rule is left empty and the row imports; a row is refused only when nothing identifies a person (no name, and no valid phone or
            e-mail) or it repeats an earlier row; the scrubbing chosen in the options skips a row that matches an existing contact, the do-not-contact list or
            an earlier row&apos;s phone or e-mail. Every problem goes to the error file, to fix and import again.
          </p>
          <Table columns={columns} rows={shown} getRowKey={(p, i) => `${p.row}-${i}-${p.column}`} caption={`Problems, page ${Math.min(page, totalPages)} of ${totalPages}`} captionHidden />
          <Pager label="Pages of problems" page={Math.min(page, totalPages)} totalPages={totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
