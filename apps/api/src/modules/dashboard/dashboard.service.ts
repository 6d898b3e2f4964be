import {
  BIRTHDAY_WINDOW_DAYS,
  DASHBOARD_IN_PROGRESS_MAX,
  TURNING_65_MONTHS,
  type DashboardBirthday,
  type DashboardInfo,
  type DashboardType,
  type DashboardWindowMeta,
} from '@crm/contract';
import { formatDate, startOfDayIn } from '@crm/util';
import { forbidden } from '../../lib/http-errors';
import { contactReach } from '../contacts/contact-reach';
import { callerTimeZone, type ContactsCaller } from '../contacts/contacts.service';
import type { Identity } from '../sessions/identity';
import { fullName } from '../users/current-user';
import { addYears, birthdayWindow, daysBetween, nextBirthday, turning65Window, weekStart } from './dashboard-dates';
import { dashboardTypesFor } from './dashboard-types';
import type { DashboardContactRow, DashboardRepository, Page } from './dashboard.repository';

export type DashboardPage = { page: number; limit: number };
export type DashboardCaller = ContactsCaller & Pick<Identity, 'brand'>;

const DEFAULT_PAGE: DashboardPage = { page: 1, limit: 10 };

function contactOf(row: DashboardContactRow) {
  return { id: row.id, first_name: row.firstName, last_name: row.lastName, category: row.category, owner: { id: row.owner.id, name: fullName(row.owner) } };
}

function windowMeta(page: DashboardPage, total: number, from: string, to: string): DashboardWindowMeta {
  return { current_page: page.page, limit: page.limit, total_count: total, total_pages: Math.ceil(total / page.limit), from, to };
}

const offsetOf = (page: DashboardPage): Page => ({ limit: page.limit, offset: (page.page - 1) * page.limit });

/**
 * The dashboard (spec part 1 §3 dashboard_info, §7 PATCH /v1/dashboard): one card's data at a
 * time, within the caller's reach (the contact list's reach: an agent's own contacts, a manager's
 * downline, an administrator's company), with days counted in the caller's time zone.
 */
export function createDashboardService({ dashboard }: { dashboard: DashboardRepository }) {
  /** Birthdays of a category from `today` for BIRTHDAY_WINDOW_DAYS days (today given, so any day can be asked about). */
  async function birthdaysOn(caller: ContactsCaller, category: 'client' | 'prospect', today: string, page: DashboardPage) {
    const window = birthdayWindow(today, BIRTHDAY_WINDOW_DAYS);
    const { rows, total } = await dashboard.birthdays(contactReach(caller), category, window.segments, offsetOf(page));
    const data: DashboardBirthday[] = rows.map((row) => {
      const next = nextBirthday(row.dateOfBirth, window.segments[row.segment]?.year ?? Number(today.slice(0, 4)), today);
      return { ...contactOf(row), date_of_birth: row.dateOfBirth, birthday: next.birthday, age: next.age, days_away: next.daysAway };
    });
    return { data, meta: windowMeta(page, total, window.from, window.to) };
  }

  /** Contacts whose 65th birthday falls from `today` to TURNING_65_MONTHS months ahead. */
  async function turning65On(caller: ContactsCaller, today: string, page: DashboardPage) {
    const window = turning65Window(today, TURNING_65_MONTHS);
    const { rows, total } = await dashboard.bornBetween(contactReach(caller), window.bornFrom, window.bornTo, offsetOf(page));
    const data = rows.map((row) => {
      const born = row.dateOfBirth as string;
      const turns = addYears(born, 65);
      return { ...contactOf(row), date_of_birth: born, turns_65_on: turns, days_away: daysBetween(today, turns) };
    });
    return { data, meta: windowMeta(page, total, window.from, window.to) };
  }

  return {
    birthdaysOn,
    turning65On,

    /** One card's answer: the keys of dashboard_info its type fills. */
    async card(caller: DashboardCaller, type: DashboardType, page: DashboardPage = DEFAULT_PAGE): Promise<DashboardInfo> {
      if (!dashboardTypesFor(caller.brand).includes(type)) throw forbidden();
      const zone = callerTimeZone(caller);
      const today = formatDate(new Date().toISOString(), zone, 'YYYY-MM-DD');
      switch (type) {
        case 'client_birthdays': {
          const { data, meta } = await birthdaysOn(caller, 'client', today, page);
          return { client_birthdays: data, client_birthdays_meta: meta };
        }
        case 'prospect_birthdays': {
          const { data, meta } = await birthdaysOn(caller, 'prospect', today, page);
          return { prospect_birthdays: data, prospect_birthdays_meta: meta };
        }
        case 'turning_65': {
          const { data, meta } = await turning65On(caller, today, page);
          return { turning_65: data, turning_65_meta: meta };
        }
        case 'new_leads': {
          const monday = weekStart(today);
          const since = startOfDayIn(monday, zone);
          const { rows, total } = await dashboard.leadsSince(contactReach(caller), since, offsetOf(page));
          return {
            new_leads: rows.map((row) => ({ ...contactOf(row), created_at: row.createdAt.toISOString() })),
            new_leads_meta: { ...windowMeta(page, total.count, monday, today), since: since.toISOString(), total_count_capped: total.capped },
          };
        }
        case 'contacts_by_category':
          return { contacts_by_category: await dashboard.countByCategory(contactReach(caller)) };
        case 'in_progress': {
          const [imports, transfers] = await Promise.all([
            dashboard.importsInProgress(caller.user.id, DASHBOARD_IN_PROGRESS_MAX),
            dashboard.transfersInProgress(caller.user.id, DASHBOARD_IN_PROGRESS_MAX),
          ]);
          return {
            imports_in_progress: imports.map((i) => ({ ...i, created_at: i.created_at.toISOString() })),
            transfers_in_progress: transfers.map((t) => ({
              id: t.id,
              status: t.status,
              reverting: t.reverting,
              to_user: { id: t.toUser.id, name: fullName(t.toUser) },
              total_count: t.totalCount,
              processed_count: t.processedCount,
              created_at: t.createdAt.toISOString(),
            })),
          };
        }
      }
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
