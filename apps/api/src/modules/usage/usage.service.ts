import { ledgerKey, type LedgerEvent, type UsageKind, type UsageRepository } from './usage.repository';
import { callMinutes, smsSegments } from './billed-units';

/** A metered event as another module reports it: whose, what, how many units, and the vendor's event. */
export type UsageEventInput = {
  companyId: number;
  userId: number;
  /** The vendor whose event it is (twilio, …). */
  vendor: string;
  kind: UsageKind;
  /** The vendor's id of the event (a CallSid, a MessageSid): the same vendor and id count once. */
  sourceId: string;
  units: number;
  occurredAt?: Date;
};

/** A vendor's finished call (its duration in seconds) or sent message (its text), as meterVendorEvent takes it. */
export type VendorEvent = { companyId: number; userId: number; vendor: string; vendorId: string; occurredAt?: Date } & ({ callSeconds: number } | { messageBody: string });

/** A usage period: the calendar month (UTC) a moment falls in. */
export type UsagePeriod = { key: string; start: Date; end: Date };

export function usagePeriod(at: Date = new Date()): UsagePeriod {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 10), start, end };
}

/** `2026-11` → the period of November 2026. */
export function usagePeriodOf(month: string): UsagePeriod {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return usagePeriod(new Date(Date.UTC(year, mon - 1, 1)));
}

/** At most this many events go in one statement. */
const MAX_BATCH = 500;

type Waiting = { event: LedgerEvent; settle: (counted: boolean) => void; fail: (error: unknown) => void };

/**
 * The one way usage is recorded (calls, messages, validations): each event is appended to the
 * ledger once by its source id and added to its user's rollup for the period it occurred in.
 *
 * Events that arrive while a statement is on its way wait for the next one, which takes them all
 * (a group commit): each caller's promise settles once the statement holding its event committed,
 * and a burst of webhooks costs a few statements instead of one each.
 */
export function createUsageService({ usage }: { usage: UsageRepository }) {
  let waiting: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (waiting.length) {
        const batch = waiting.slice(0, MAX_BATCH);
        waiting = waiting.slice(MAX_BATCH);
        try {
          const taken = await usage.append(batch.map((w) => w.event));
          // a repeat inside the batch: only its first occurrence counts
          for (const w of batch) w.settle(taken.delete(ledgerKey(w.event)));
        } catch (error) {
          for (const w of batch) w.fail(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  function append(event: LedgerEvent): Promise<boolean> {
    return new Promise<boolean>((settle, fail) => {
      waiting.push({ event, settle, fail });
      if (!writing) void drain();
    });
  }

  return {
    /** Records one event or many; returns how many were new (repeats count nothing). */
    async recordUsage(input: UsageEventInput | readonly UsageEventInput[]): Promise<{ counted: number }> {
      const list = Array.isArray(input) ? input : [input as UsageEventInput];
      const events: LedgerEvent[] = list.map((e) => {
        if (!e.vendor) throw new Error('A usage event needs its vendor');
        if (!e.sourceId) throw new Error('A usage event needs its source id');
        if (!Number.isInteger(e.units) || e.units < 0) throw new Error(`Usage units must be a whole number ≥ 0 (got ${e.units})`);
        const occurredAt = e.occurredAt ?? new Date();
        return { ...e, occurredAt, period: usagePeriod(occurredAt).key };
      });
      const counted = await Promise.all(events.map(append));
      return { counted: counted.filter(Boolean).length };
    },

    /**
     * What the SMS and dialer work call for a vendor's finished call or sent message: its units by
     * the billing rules (billed-units.ts: a call's seconds up to whole minutes, a message's segments
     * from its encoding), recorded once per vendor id. Returns the units and whether they were new.
     */
    async meterVendorEvent(event: VendorEvent): Promise<{ units: number; counted: boolean }> {
      const [kind, units] = 'callSeconds' in event ? (['call_minutes', callMinutes(event.callSeconds)] as const) : (['sms_segments', smsSegments(event.messageBody)] as const);
      const { counted } = await this.recordUsage({
        companyId: event.companyId,
        userId: event.userId,
        vendor: event.vendor,
        kind,
        sourceId: event.vendorId,
        units,
        occurredAt: event.occurredAt,
      });
      return { units, counted: counted === 1 };
    },

    /** Units each user used in the period (0 for none). */
    async usedBy(userIds: readonly number[], kind: UsageKind, period: UsagePeriod = usagePeriod()): Promise<Map<number, number>> {
      return usage.unitsOf(userIds, kind, period.key);
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
