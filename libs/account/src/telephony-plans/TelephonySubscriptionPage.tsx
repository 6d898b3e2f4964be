import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import {
  agentOverAllocationMessage,
  IANA_TIMEZONES,
  licenceExhausted,
  type TelephonyKind,
  type Subscription,
  type UsageSummary,
} from '@crm/contract';
import { apiErrorMessage, FormError, useRoleFlags, useSession } from '@crm/session';
import { Card, EmptyState, PageHeader, Spinner } from '@crm/ui';
import { formatPeriodDate } from '@crm/util';
import { LicenseTable } from './LicenseTable';
import { OrderLicensesForm } from './OrderLicensesForm';
import { TelephonyOrdersCard } from './TelephonyOrdersCard';
import {
  formatUnits,
  TELEPHONY_NAMES,
  periodText,
  SUBSCRIPTION_TYPE_LABELS,
  subscriptionPlanText,
  subscriptionStatusText,
  unitLabel,
  usageMonth,
} from './telephony-format';
import { telephonySubscriptionQueryOptions, telephonyUsageQueryOptions } from './telephony-plan-queries';
import { UsageMeter } from './UsageMeter';

export type TelephonySubscriptionPageProps = {
  /** Which plan the page is about: the dialer's minutes or SMS segments. */
  product: TelephonyKind;
};

type SectionProps = { product: TelephonyKind; usage: UsageSummary; subscription: Subscription; zone: string };

/** Plan, type, status and period of the subscription. */
function SubscriptionCard({ usage, subscription, payer }: SectionProps & { payer: boolean }) {
  return (
    <Card title="Subscription" headingLevel={2}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">Plan</dt>
        <dd>{subscriptionPlanText(subscription, usage.unit)}</dd>
        {subscription.scheduled_plan && (
          <>
            <dt className="font-medium text-muted">Plan change</dt>
            <dd>
              Moves to {subscription.scheduled_plan.name} on {formatPeriodDate(subscription.current_period_end)}, at the end of the current period
            </dd>
          </>
        )}
        <dt className="font-medium text-muted">Type</dt>
        <dd>{SUBSCRIPTION_TYPE_LABELS[subscription.type]}</dd>
        {!payer && subscription.owner && (
          <>
            <dt className="font-medium text-muted">Paid by</dt>
            <dd>{subscription.owner.name}</dd>
          </>
        )}
        <dt className="font-medium text-muted">Status</dt>
        <dd>{subscriptionStatusText(subscription)}</dd>
        <dt className="font-medium text-muted">Current period</dt>
        <dd>{periodText(subscription.current_period_start, subscription.current_period_end)}</dd>
        {payer && subscription.type !== 'self' && (
          <>
            <dt className="font-medium text-muted">Licences</dt>
            <dd>
              {formatUnits(subscription.licenses_count)} given out of {formatUnits(subscription.quantity)} bought
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/**
 * Whose usage the meter adds up, for one who does not pay: their own licence's, or (a manager under
 * the payer) their downline's licences, with their own if they hold one.
 */
function usedByText(usage: UsageSummary, userId: number): string {
  if (!usage.licenses.some((l) => l.user.id !== userId)) return 'used';
  return usage.licenses.some((l) => l.user.id === userId) ? 'used by you and your downline' : 'used by your downline';
}

/** This month's usage against the allocation; for the payer also how much of what was bought is given out. */
function UsageCard({ usage, subscription, payer, userId }: SectionProps & { payer: boolean; userId: number }) {
  const month = usageMonth(usage.period_start);
  const unit = unitLabel(usage.unit);
  return (
    <Card title="Usage" description={`Usage counts for the calendar month (${month}).`} headingLevel={2}>
      <div className="flex max-w-xl flex-col gap-4">
        <UsageMeter
          label={payer && subscription.type !== 'self' ? `${unit} used by your licences in ${month}` : `${unit} ${usedByText(usage, userId)} in ${month}`}
          used={usage.used}
          allocation={usage.allocation}
          unit={usage.unit}
        />
        {payer && subscription.type !== 'self' && (
          <UsageMeter label={`${unit} allocated to licences`} used={subscription.allocated} allocation={subscription.pool} unit={usage.unit} />
        )}
      </div>
    </Card>
  );
}

/** The caller's own licence (an agent of a manager's or the company's subscription). */
function OwnLicenseCard({ product, usage, subscription, userId }: SectionProps & { userId: number }) {
  const own = usage.licenses.find((license) => license.user.id === userId);
  if (!own) return null;
  const stopped = subscription.type !== 'self' && licenceExhausted(own);
  return (
    <Card title="Your licence" headingLevel={2}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">Allocation</dt>
        <dd>
          {formatUnits(own.allocation)} {usage.unit} a month
        </dd>
        <dt className="font-medium text-muted">Used</dt>
        <dd>
          {formatUnits(own.used)} {usage.unit}
        </dd>
        <dt className="font-medium text-muted">Paid</dt>
        <dd>{own.paid ? 'Yes' : 'No'}</dd>
      </dl>
      {stopped && (
        <p className="mt-4 rounded border border-danger px-3 py-2 text-sm font-medium text-danger">{agentOverAllocationMessage(product)}</p>
      )}
    </Card>
  );
}

/** Everything about one subscription, once it is loaded. */
function SubscriptionSections({ product, usage, subscriptionId, zone }: Omit<SectionProps, 'subscription'> & { subscriptionId: number }) {
  const client = useApiClient();
  const { user } = useSession();
  const roles = useRoleFlags();
  const query = useQuery(telephonySubscriptionQueryOptions(client, product, subscriptionId));
  if (query.isPending) return <Spinner label="Loading the subscription" />;
  if (query.isError) return <FormError message={apiErrorMessage(query.error)} />;
  const subscription = query.data;
  const userId = user?.id ?? 0;
  // the payer manages the licences (a company subscription: the administrators)
  const payer = subscription.type === 'company' ? roles.admin : subscription.owner?.id === userId;
  const sections = { product, usage, subscription, zone };
  const open = subscription.status === 'active' || subscription.status === 'pending';

  return (
    <>
      <SubscriptionCard {...sections} payer={payer} />
      <UsageCard {...sections} payer={payer} userId={userId} />
      {payer && subscription.type !== 'self' ? (
        <>
          <Card
            title="Licences"
            description={
              roles.admin
                ? "Change an agent's allocation or paid state, then save the row."
                : "Change an agent's allocation, then save the row. A licence is paid when its order is paid."
            }
            headingLevel={2}
          >
            <LicenseTable
              product={product}
              subscriptionId={subscription.id}
              subscriptionType={subscription.type}
              unit={usage.unit}
              editable
              paidEditable={roles.admin}
            />
          </Card>
          {open && (
            <Card id="order-licences" title="Order more licences" headingLevel={2}>
              <OrderLicensesForm product={product} subscription={subscription} />
            </Card>
          )}
        </>
      ) : (
        <OwnLicenseCard {...sections} userId={userId} />
      )}
      {subscription.owner?.id === userId && <TelephonyOrdersCard product={product} subscription={subscription} zone={zone} />}
    </>
  );
}

/**
 * The dialer or SMS subscription page (spec part 1 §3, §6, §7 "Dialer", SMS following it) for
 * managers and self-pay agents, and agents holding a licence: the subscription (plan, type, status,
 * period), this month's usage against the allocation, and the licences: the payer edits each
 * agent's allocation and paid state in place and orders more; an agent sees their own licence.
 */
export function TelephonySubscriptionPage({ product }: TelephonySubscriptionPageProps) {
  const client = useApiClient();
  const { user } = useSession();
  const usage = useQuery(telephonyUsageQueryOptions(client, product));
  const zone = user ? IANA_TIMEZONES[user.timezone] : 'UTC';
  const name = TELEPHONY_NAMES[product];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={`${name} subscription`} />
      {usage.isPending ? (
        <Spinner label="Loading your usage" />
      ) : usage.isError ? (
        <FormError message={apiErrorMessage(usage.error)} />
      ) : usage.data.subscription ? (
        <SubscriptionSections product={product} usage={usage.data} subscriptionId={usage.data.subscription.id} zone={zone} />
      ) : (
        <EmptyState
          title={`No ${name} subscription`}
          description={`You have no ${name} subscription and no ${name} licence. Ask your manager for a licence.`}
        />
      )}
    </div>
  );
}
