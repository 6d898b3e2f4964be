import { z } from 'zod';
import { contactSelection } from './contacts.contract';
import { ROW_ESTIMATE_HEADER } from './constants';
import { defineEndpoint } from './endpoint';

/** The spec's limit: an export holds at most this many contacts (the first ones in list order). */
export const EXPORT_MAX_ROWS = 999_999;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export { ROW_ESTIMATE_HEADER } from './constants';

/** The columns of a contacts export, in order, with their header. */
export const EXPORT_COLUMNS = [
  ['id', 'ID'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['category', 'Category'],
  ['status', 'Status'],
  ['agentflow_status', 'Agentflow status'],
  ['source', 'Source'],
  ['owner', 'Owner'],
  ['phones', 'Phones'],
  ['emails', 'E-mails'],
  ['address1', 'Address'],
  ['address2', 'Address 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
  ['date_of_birth', 'Date of birth'],
  ['gender', 'Gender'],
  ['language', 'Language'],
  ['timezone', 'Time zone'],
  ['medicare_number', 'Medicare number'],
  ['part_a_date', 'Part A date'],
  ['part_b_date', 'Part B date'],
  ['tags', 'Tags'],
  ['policy_types', 'Policy types'],
  ['carriers', 'Carriers'],
  ['note', 'Note'],
  ['created_at', 'Created'],
  ['updated_at', 'Updated'],
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number][0];

const exportEndpoint = (format: ExportFormat) =>
  defineEndpoint({
    method: 'PATCH',
    path: `/v1/export.${format}`,
    summary: `Download contacts as ${format.toUpperCase()}: the given ids, or all matching the scope, at most ${EXPORT_MAX_ROWS.toLocaleString('en-US')}, in list order`,
    tag: 'export',
    scope: 'export:read',
    access: 'user',
    gate: 'enforced',
    body: contactSelection,
    download: true,
    response: z.any().describe(`The ${format.toUpperCase()} file, streamed (the ${ROW_ESTIMATE_HEADER} header says about how many rows it has)`),
  });

export const exportContactsCsv = exportEndpoint('csv');
export const exportContactsXlsx = exportEndpoint('xlsx');
