import { render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import { ListState } from './ListState';

const query = (state: Partial<UseQueryResult<string[]>>) => state as UseQueryResult<string[]>;
const show = (q: UseQueryResult<string[]>) =>
  render(
    <ListState query={q} loading="Loading things" isEmpty={(d) => d.length === 0} empty={<p>Nothing yet</p>}>
      {(d) => <ul>{d.map((x) => <li key={x}>{x}</li>)}</ul>}
    </ListState>,
  );

describe('ListState', () => {
  it('shows a spinner while pending, the error announced when failed, the empty state, or the list', () => {
    show(query({ isPending: true, isError: false }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    show(query({ isPending: false, isError: true, error: new ApiError(403, { errors: { user: 'Access denied!' } }) }));
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied!');
    show(query({ isPending: false, isError: false, data: [] }));
    expect(screen.getByText('Nothing yet')).toBeVisible();
    show(query({ isPending: false, isError: false, data: ['a', 'b'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
  });
});
