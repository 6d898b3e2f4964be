import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { BarChart, EmptyState, Field, Input, Pager, Spinner, Table, type TableColumn } from '@crm/ui';
import { apiErrorMessage, FormError } from '@crm/session';
import { adminUsageQueryOptions } from '../admin-queries';
import { ListSearch } from '../ListSearch';
import { useListParams } from '../list-params';
import { TelephonyAdminFrame } from './TelephonyAdminFrame';
import { TELEPHONY_ADMIN_PAGE_SIZE, type TelephonyPageProps } from './TelephonyPlansPage';
import { monthsUpTo, TELEPHONY_LABELS, periodLabel, unitsText, usageSeries } from './telephony-labels';

type UsageRow = { user: { id: number; name: string }; used: number; events: number; allocation: number | null };

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Months in the chart: the server's history covers this month and the five before. */
const CHART_MONTHS = 6;

/**
 * /admin/{product}/usage: its usage across the company for a month (this month unless
 * `?period=YYYY-MM`): the total, a chart of the company's usage over the last six months (a month without usage at 0) (with the same
 * figures as a table for screen readers), and each user's usage against their allocation, searched
 * and paged on the server.
 */
export function TelephonyUsagePage({ product }: TelephonyPageProps) {
  const client = useApiClient();
  const { page, values, go } = useListParams(['q', 'period']);
  const period = PERIOD.test(values.period) ? values.period : undefined;
  const usage = useQuery(adminUsageQueryOptions(client, product, { period, q: values.q || undefined, page, limit: TELEPHONY_ADMIN_PAGE_SIZE }));
  const data = usage.data;
  const shown = data ? data.period_start.slice(0, 7) : (period ?? '');
  const unit = data?.unit ?? (product === 'sms' ? 'segments' : 'minutes');
  const unitTitle = `${unit.charAt(0).toUpperCase()}${unit.slice(1)}`;

  const columns: TableColumn<UsageRow>[] = [
    { id: 'user', header: 'User', rowHeader: true, cell: (row) => row.user.name },
    { id: 'used', header: `${unitTitle} used`, align: 'end', cell: (row) => row.used.toLocaleString('en-US') },
    { id: 'allocation', header: 'Allocation', align: 'end', cell: (row) => (row.allocation === null ? 'No licence' : row.allocation.toLocaleString('en-US')) },
    { id: 'events', header: product === 'sms' ? 'Messages' : 'Calls', align: 'end', cell: (row) => row.events.toLocaleString('en-US') },
  ];

  return (
    <TelephonyAdminFrame product={product} section="usage">
      <div className="flex flex-wrap items-end gap-4">
        <Field label="Month">
          <Input type="month" value={shown} onChange={(event) => PERIOD.test(event.target.value) && go({ period: event.target.value })} />
        </Field>
        <ListSearch name={`${TELEPHONY_LABELS[product]} usage`} label="Search by user" value={values.q} onSearch={(q) => go({ q })} />
      </div>
      {usage.isPending ? (
        <Spinner label="Loading the usage" />
      ) : usage.isError ? (
        <FormError message={apiErrorMessage(usage.error)} />
      ) : (
        <>
          <p className="text-lg">
            <span className="font-semibold">{unitsText(usage.data.total_used, usage.data.unit)}</span> used in {periodLabel(shown)}
            {values.q && ' by the users found'}
          </p>
          <BarChart
            title={`${unitTitle} used by month`}
            valueHeader={`${unitTitle} used`}
            labelHeader="Month"
            data={usageSeries(usage.data.history, monthsUpTo(shown, CHART_MONTHS))}
          />
          <Table
            caption={`Usage by user in ${periodLabel(shown)}`}
            columns={columns}
            rows={usage.data.data}
            getRowKey={(row) => row.user.id}
            empty={<EmptyState title={values.q ? 'No users match your search' : 'No usage this month'} />}
          />
          <Pager label="Pages of users" page={page} totalPages={usage.data.meta.total_pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </TelephonyAdminFrame>
  );
}
