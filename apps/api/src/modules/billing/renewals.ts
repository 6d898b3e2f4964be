import type { TransactionRow } from './billing.repository';

/**
 * Dunning: days after a period's end on which a declined renewal is tried again (each decline is
 * e-mailed to the payer); when the last of them is declined too, what it paid for lapses.
 */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;
/** The attempt number of the last try (attempt 0 is the one at the period's end). */
export const LAST_ATTEMPT = RETRY_AFTER_DAYS.length;
/** Past a retry's date the subscription stays paid this long, for the renewals job to get to it (it runs every 15 minutes). */
export const RETRY_SLACK_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** When try `attempt` (1…LAST_ATTEMPT) of the renewal of the period starting at `periodStart` is due; null past the last. */
export function retryAt(periodStart: Date, attempt: number): Date | null {
  const days = RETRY_AFTER_DAYS[attempt - 1];
  return days === undefined ? null : new Date(periodStart.getTime() + days * DAY_MS);
}

/** A period to charge: what it is for (a subject), who pays, how much. */
export type Renewal = {
  subject: string;
  payerId: number;
  amountCents: number;
  currency: string;
  description: string;
  /** An account plan's id (the account's renewals), else null. */
  planId: number | null;
  periodStart: Date;
  periodEnd: Date;
};

/**
 * What money is paid for, named by the prefix of a history row's subject (`account`,
 * `subscription`, `order`): the effects of a charge's outcome on it, and for what renews, its due
 * renewals. Every effect may be told more than once (a webhook after the API, a job's retry) and
 * changes things only once.
 */
export type ChargeSubject = {
  prefix: string;
  /** Renewals whose paid period has ended by `now` and that renew (not cancelled, not lapsed). */
  due?(now: Date, limit: number): Promise<Renewal[]>;
  /** The charge succeeded. */
  paid?(charge: TransactionRow): Promise<void>;
  /** A charge that is not a renewal was declined. */
  declined?(failure: TransactionRow): Promise<void>;
  /** A renewal was declined and is tried again before `until`: it goes on until then. */
  grace?(failure: TransactionRow, until: Date): Promise<void>;
  /** A renewal's last try was declined: what it paid for lapses. */
  lapse?(failure: TransactionRow): Promise<void>;
  /** `refundedCents` of the charge have been refunded in all. */
  refunded?(charge: TransactionRow, refundedCents: number): Promise<void>;
};

/** The idempotency key of a renewal try: the history row's and Stripe's, one per subject, period and try. */
export const renewalKey = (subject: string, periodStart: Date, attempt: number): string => `renewal-${subject}-${periodStart.toISOString()}-${attempt}`;

/** The id in a subject (`order:12` → 12). */
export const subjectId = (subject: string | null): number => Number(subject?.split(':')[1]);
