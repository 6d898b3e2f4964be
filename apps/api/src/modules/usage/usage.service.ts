import type { LedgerEvent, UsageKind, UsageRepository } from './usage.repository';

/** A metered event as another module reports it: whose, what, how many units, and the source event's id. */
export type UsageEventInput = {
  companyId: number;
  userId: number;
  kind: UsageKind;
  /** The source event's id (a call's or message's vendor id): the same id counts once. */
  sourceId: string;
  units: number;
  occurredAt?: Date;
};

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
          for (const w of batch) w.settle(taken.delete(`${w.event.kind}:${w.event.sourceId}`));
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
        if (!e.sourceId) throw new Error('A usage event needs its source id');
        if (!Number.isInteger(e.units) || e.units < 0) throw new Error(`Usage units must be a whole number ≥ 0 (got ${e.units})`);
        const occurredAt = e.occurredAt ?? new Date();
        return { ...e, occurredAt, period: usagePeriod(occurredAt).key };
      });
      const counted = await Promise.all(events.map(append));
      return { counted: counted.filter(Boolean).length };
    },

    /** Units each user used in the period (0 for none). */
    async usedBy(userIds: readonly number[], kind: UsageKind, period: UsagePeriod = usagePeriod()): Promise<Map<number, number>> {
      return usage.unitsOf(userIds, kind, period.key);
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
