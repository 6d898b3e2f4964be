import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardInfo, IANA_TIMEZONES, type Contact, type DashboardBirthday, type DashboardInfo, type DashboardType } from '@crm/contract';
import { formatDate } from '@crm/util';
import { birthdayMonthDay, contacts, importAttempts, importFiles } from '../../db/schema';
import { EVERGREEN_DEMO, seedEmail } from '../../db/seed';
import { createContact, listContacts, signIn, signInCast, type Cast, type SignedIn } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addDays, daysBetween, isLeapYear } from './dashboard-dates';

let t: TestApp;
let cast: Cast;
let eBasic: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  cast = await signInCast(t);
  eBasic = await signIn(t, seedEmail('basic', EVERGREEN_DEMO.domainName), 'evergreen.localhost');
});
afterAll(() => t.close());

type Who = keyof Cast;

async function card(as: SignedIn, type: DashboardType, body?: { page?: number; limit?: number }): Promise<DashboardInfo> {
  const res = await as.patch(`/v1/dashboard?type=${type}`, body);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(dashboardInfo.strict().safeParse(data).success).toBe(true);
  return data;
}

/** Every page of a birthday card, limit 50. */
async function allBirthdays(as: SignedIn, type: 'client_birthdays' | 'prospect_birthdays'): Promise<DashboardBirthday[]> {
  const rows: DashboardBirthday[] = [];
  for (let page = 1; ; page += 1) {
    const info = await card(as, type, { page, limit: 50 });
    rows.push(...(info[type] ?? []));
    if (page >= (info[`${type}_meta`]?.total_pages ?? 0)) return rows;
  }
}

/** The caller's calendar day (the Harbor agent lives in Los Angeles, the others in New York). */
const todayOf = (who: Who) => formatDate(new Date().toISOString(), IANA_TIMEZONES[who === 'agent' ? 'pst' : 'est'], 'YYYY-MM-DD');

/** Days from `today` to the next birthday of a date of birth (Feb 29 on Feb 28 in other years): the test's own reading of the rule. */
function daysToBirthday(dateOfBirth: string, today: string): number {
  const [, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  for (const year of [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]) {
    const on = month === 2 && day === 29 && !isLeapYear(year) ? `${year}-02-28` : `${year}-${dateOfBirth.slice(5)}`;
    const days = daysBetween(today, on);
    if (days >= 0) return days;
  }
  throw new Error('unreachable');
}

/** A date of birth in `year` whose birthday is `days` from `today`. */
const bornDaysAhead = (today: string, days: number, year = 1955) => `${year}${addDays(today, days).slice(4)}`.replace(/^(\d{4})-02-29$/, '$1-03-01');

/** The caller's whole contact list (at most 500: the seed gives an agent 25). */
async function everyContact(as: SignedIn): Promise<Contact[]> {
  const body = await listContacts(as, { limit: 500 });
  expect(body.meta.total_pages).toBe(1);
  return body.data;
}

describe('GET /v1/users/me dashboard_info', () => {
  it('names the cards the user may ask for: turning 65 only where the brand sells Medicare', async () => {
    const me = (await cast.agent.get('/v1/users/me')).json();
    expect(me.dashboard_info).toEqual({ types: ['client_birthdays', 'prospect_birthdays', 'turning_65', 'new_leads', 'contacts_by_category', 'in_progress'] });
    const basic = (await eBasic.get('/v1/users/me')).json();
    expect(basic.dashboard_info.types).not.toContain('turning_65');
    const refused = await eBasic.patch('/v1/dashboard?type=turning_65');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: { user: 'Access denied!' } });
  });
});

describe('PATCH /v1/dashboard birthdays', () => {
  const made: Record<string, number> = {};
  beforeAll(async () => {
    // clients with birthdays in the window for the agent, the telemarketer (the manager's downline,
    // not the field manager's) and Keystone's agent (another company); one just outside it
    const make = async (who: Who, key: string, days: number, category: 'client' | 'prospect' = 'client') =>
      (made[key] = (await createContact(cast[who], { first_name: 'Birthday', last_name: key, category, date_of_birth: bornDaysAhead(todayOf(who), days) })).id);
    await make('agent', 'AgentToday', 0);
    await make('agent', 'AgentSoon', 5);
    await make('agent', 'AgentLast', 13);
    await make('agent', 'AgentTooLate', 14);
    await make('agent', 'AgentProspect', 2, 'prospect');
    await make('telemarketer', 'Tele', 3);
    await make('kAgent', 'Keystone', 3);
  });

  it("lists an agent's own clients whose birthday is today or in the next 13 days, soonest first, as the contact list's dates say", async () => {
    const rows = await allBirthdays(cast.agent, 'client_birthdays');
    const today = todayOf('agent');
    const expected = (await everyContact(cast.agent)).filter((c) => c.category === 'client' && c.date_of_birth && daysToBirthday(c.date_of_birth, today) < 14);
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((c) => c.id).sort());
    expect(rows.every((r) => r.owner.id === cast.agent.userId && r.category === 'client')).toBe(true);
    expect(rows.map((r) => r.days_away)).toEqual([...rows.map((r) => r.days_away)].sort((a, b) => a - b));
    for (const row of rows) {
      expect(row.days_away).toBe(daysToBirthday(row.date_of_birth, today));
      expect(row.birthday).toBe(addDays(today, row.days_away));
      expect(row.age).toBe(Number(row.birthday.slice(0, 4)) - Number(row.date_of_birth.slice(0, 4)));
    }
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([made.AgentToday, made.AgentSoon, made.AgentLast]));
    expect(ids).not.toContain(made.AgentTooLate);
    expect(ids).not.toContain(made.AgentProspect);
    expect(rows.find((r) => r.id === made.AgentToday)).toMatchObject({ days_away: 0, birthday: today, age: Number(today.slice(0, 4)) - 1955 });
    const meta = (await card(cast.agent, 'client_birthdays')).client_birthdays_meta;
    expect(meta).toEqual({ current_page: 1, limit: 10, total_count: rows.length, total_pages: Math.ceil(rows.length / 10), from: today, to: addDays(today, 13) });

    const prospects = await allBirthdays(cast.agent, 'prospect_birthdays');
    expect(prospects.map((r) => r.id)).toContain(made.AgentProspect);
    expect(prospects.every((r) => r.category === 'prospect' && r.owner.id === cast.agent.userId)).toBe(true);
  });

  it("gives a manager the downline's birthdays, a field manager only theirs, and never another company's", async () => {
    const reachOf = async (who: Who) => {
      const today = todayOf(who);
      return (await everyContact(cast[who])).filter((c) => c.category === 'client' && c.date_of_birth && daysToBirthday(c.date_of_birth, today) < 14).map((c) => c.id).sort();
    };
    const manager = (await allBirthdays(cast.manager, 'client_birthdays')).map((r) => r.id);
    expect(manager.sort()).toEqual(await reachOf('manager'));
    // AgentSoon, not AgentToday: the agent's today (Pacific) is the manager's yesterday from 05:00 to 08:00 UTC
    expect(manager).toEqual(expect.arrayContaining([made.AgentSoon, made.Tele]));
    const field = (await allBirthdays(cast.field, 'client_birthdays')).map((r) => r.id);
    expect(field.sort()).toEqual(await reachOf('field'));
    expect(field).toContain(made.AgentSoon);
    expect(field).not.toContain(made.Tele);
    for (const who of ['admin', 'manager', 'field', 'agent', 'telemarketer'] as const)
      expect((await allBirthdays(cast[who], 'client_birthdays')).map((r) => r.id)).not.toContain(made.Keystone);
    const keystone = await allBirthdays(cast.kAgent, 'client_birthdays');
    expect(keystone.map((r) => r.id)).toContain(made.Keystone);
    expect(keystone.every((r) => r.owner.id === cast.kAgent.userId)).toBe(true);
  });

  it('pages without gaps or repeats: pages 1 and 2 of two are page 1 of four', async () => {
    const four = (await card(cast.manager, 'client_birthdays', { page: 1, limit: 4 })).client_birthdays ?? [];
    expect(four.length).toBe(4);
    const first = await card(cast.manager, 'client_birthdays', { page: 1, limit: 2 });
    const second = await card(cast.manager, 'client_birthdays', { page: 2, limit: 2 });
    expect([...(first.client_birthdays ?? []), ...(second.client_birthdays ?? [])].map((r) => r.id)).toEqual(four.map((r) => r.id));
    expect(second.client_birthdays_meta).toMatchObject({ current_page: 2, limit: 2, total_pages: Math.ceil((first.client_birthdays_meta?.total_count ?? 0) / 2) });
  });

  it('refuses an unknown type, a bad page or limit with 422 and per-field messages', async () => {
    const unknown = await cast.agent.patch('/v1/dashboard?type=birthdays', {});
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.type).toBe('Type must be one of client_birthdays, prospect_birthdays, turning_65, new_leads, contacts_by_category, in_progress');
    expect((await cast.agent.patch('/v1/dashboard', {})).statusCode).toBe(422);
    const page = await cast.agent.patch('/v1/dashboard?type=client_birthdays', { page: 0, limit: 500 });
    expect(page.statusCode).toBe(422);
    expect(page.json().errors).toEqual({ page: 'Page must be at least 1', limit: 'Limit must be at most 50' });
  });
});

describe('birthdays and turning 65 on a given day', () => {
  let owner: SignedIn;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    // a user of their own, so that no demo contact shares the windows
    owner = cast.telemarketer;
    const born: Record<string, string> = {
      dec30: '1950-12-30',
      jan03: '1960-01-03',
      jan07: '1970-01-07',
      dec24: '1955-12-24',
      jan08: '1980-01-08',
      feb29: '1960-02-29',
      feb28: '1961-02-28',
      mar01: '1962-03-01',
    };
    for (const [key, dateOfBirth] of Object.entries(born))
      ids[key] = (await createContact(owner, { first_name: 'Dated', last_name: key, category: 'client', date_of_birth: dateOfBirth })).id;
  });
  const caller = async () => ({ user: (await t.ctx.usersRepository.findByEmail(seedEmail('telemarketer')))!, roles: [], brand: 'harbor' as const });
  const mine = (rows: DashboardBirthday[]) => rows.filter((r) => Object.values(ids).includes(r.id));
  const on = async (today: string) => mine((await t.ctx.dashboard.birthdaysOn(await caller(), 'client', today, { page: 1, limit: 50 })).data);

  it('runs across the year end: Dec 25 shows Dec 30, then Jan 3 and Jan 7 of the next year', async () => {
    const rows = await on('2026-12-25');
    expect(rows.map((r) => [r.last_name, r.birthday, r.age, r.days_away])).toEqual([
      ['dec30', '2026-12-30', 76, 5],
      ['jan03', '2027-01-03', 67, 9],
      ['jan07', '2027-01-07', 57, 13],
    ]);
  });

  it('puts a Feb 29 birthday on Feb 28 in other years, and on Feb 29 in leap years', async () => {
    expect((await on('2027-02-20')).map((r) => [r.last_name, r.birthday, r.age])).toEqual([
      ['feb28', '2027-02-28', 66],
      ['feb29', '2027-02-28', 67],
      ['mar01', '2027-03-01', 65],
    ]);
    // the window ends on Feb 28: Feb 29 people are in it, Mar 1 is not
    expect((await on('2027-02-15')).map((r) => r.last_name)).toEqual(['feb28', 'feb29']);
    // Mar 1: their day has passed
    expect((await on('2027-03-01')).map((r) => r.last_name)).toEqual(['mar01']);
    expect((await on('2028-02-20')).map((r) => [r.last_name, r.birthday, r.days_away])).toEqual([
      ['feb28', '2028-02-28', 8],
      ['feb29', '2028-02-29', 9],
      ['mar01', '2028-03-01', 10],
    ]);
  });

  it('lists contacts whose 65th birthday is from today to three months ahead, soonest first', async () => {
    const added: Record<string, number> = {};
    for (const [key, dateOfBirth] of Object.entries({ yesterday: '1961-11-24', today: '1961-11-25', soon: '1961-12-01', last: '1962-02-25', after: '1962-02-26' }))
      added[key] = (await createContact(owner, { first_name: 'Sixty', last_name: key, date_of_birth: dateOfBirth })).id;
    const { data, meta } = await t.ctx.dashboard.turning65On(await caller(), '2026-11-25', { page: 1, limit: 50 });
    const ours = data.filter((r) => Object.values(added).includes(r.id));
    expect(ours.map((r) => [r.last_name, r.turns_65_on, r.days_away])).toEqual([
      ['today', '2026-11-25', 0],
      ['soon', '2026-12-01', 6],
      ['last', '2027-02-25', 92],
    ]);
    expect(meta).toMatchObject({ from: '2026-11-25', to: '2027-02-25', total_count: data.length });
    // born on Feb 29: 65 on Feb 28 of a year without one
    const feb = await t.ctx.dashboard.turning65On(await caller(), '2025-01-01', { page: 1, limit: 50 });
    expect(feb.data.find((r) => r.id === ids.feb29)).toMatchObject({ turns_65_on: '2025-02-28' });
  });

  it('answers turning 65 over HTTP within the reach, in order', async () => {
    const info = await card(cast.manager, 'turning_65', { limit: 50 });
    const today = todayOf('manager');
    expect(info.turning_65_meta).toMatchObject({ from: today });
    for (const row of info.turning_65 ?? []) {
      expect(row.days_away).toBeGreaterThanOrEqual(0);
      expect(row.turns_65_on <= (info.turning_65_meta?.to ?? '')).toBe(true);
    }
    // the seed gives each agent-level user two contacts turning 65 within three months
    expect(info.turning_65_meta?.total_count).toBeGreaterThanOrEqual(2);
    expect((await card(cast.kAgent, 'turning_65', { limit: 50 })).turning_65?.every((r) => r.owner.id === cast.kAgent.userId)).toBe(true);
  });
});

describe('PATCH /v1/dashboard: new leads, categories, work in progress', () => {
  it("lists this week's leads (from Monday in the caller's time zone) of the reach, newest first", async () => {
    const lead = (await createContact(cast.agent, { first_name: 'Fresh', last_name: 'Lead' })).id;
    const client = (await createContact(cast.agent, { first_name: 'Fresh', last_name: 'Client', category: 'client' })).id;
    const old = (await createContact(cast.agent, { first_name: 'Older', last_name: 'Lead' })).id;
    const other = (await createContact(cast.telemarketer, { first_name: 'Other', last_name: 'Lead' })).id;
    const info = await card(cast.agent, 'new_leads', { limit: 50 });
    const meta = info.new_leads_meta!;
    const today = todayOf('agent');
    expect(meta.to).toBe(today);
    expect(new Date(meta.from).getUTCDay()).toBe(1);
    expect(daysBetween(meta.from, today)).toBeLessThan(7);
    // midnight in Los Angeles
    expect(formatDate(meta.since, 'America/Los_Angeles', 'YYYY-MM-DD HH:mm')).toBe(`${meta.from} 00:00`);
    await t.ctx.db.update(contacts).set({ createdAt: new Date(new Date(meta.since).getTime() - 60_000) }).where(eq(contacts.id, old));
    const after = await card(cast.agent, 'new_leads', { limit: 50 });
    const ids = (after.new_leads ?? []).map((r) => r.id);
    expect(ids).toContain(lead);
    expect(ids).not.toContain(client);
    expect(ids).not.toContain(old);
    expect(ids).not.toContain(other);
    expect(after.new_leads?.every((r) => r.category === 'lead' && r.owner.id === cast.agent.userId && r.created_at >= meta.since)).toBe(true);
    const times = (after.new_leads ?? []).map((r) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(after.new_leads_meta).toMatchObject({ total_count: ids.length, total_count_capped: false });
    expect((await card(cast.manager, 'new_leads', { limit: 50 })).new_leads?.map((r) => r.id)).toEqual(expect.arrayContaining([lead, other]));
  });

  it('counts the reach by category as the contact list does', async () => {
    for (const who of ['agent', 'field', 'kAgent'] as const) {
      const all = await everyContact(cast[who]);
      const expected = { lead: 0, prospect: 0, client: 0 };
      for (const c of all) expected[c.category] += 1;
      expect((await card(cast[who], 'contacts_by_category')).contacts_by_category).toEqual([
        { category: 'lead', count: expected.lead, capped: false },
        { category: 'prospect', count: expected.prospect, capped: false },
        { category: 'client', count: expected.client, capped: false },
      ]);
    }
  });

  it("shows the caller's own imports and transfers still running, not other people's or finished ones", async () => {
    const [file] = await t.ctx.db
      .insert(importFiles)
      .values({ companyId: cast.agent.companyId, userId: cast.agent.userId, fileName: 'leads.csv', storageKey: 'none', format: 'csv', encoding: 'utf-8', byteSize: 10 })
      .returning();
    const attempt = (status: string, fileName: string) => ({
      companyId: cast.agent.companyId,
      userId: cast.agent.userId,
      ownerId: cast.agent.userId,
      fileId: file!.id,
      fileName,
      category: 'lead',
      status,
      options: {},
      processedRows: 7,
    });
    const [running] = await t.ctx.db.insert(importAttempts).values(attempt('processing', 'running.csv')).returning();
    await t.ctx.db.insert(importAttempts).values(attempt('completed', 'done.csv'));
    // a transfer the manager makes waits in the queue (no worker runs in this file)
    const moved = (await createContact(cast.manager, { first_name: 'To', last_name: 'Move' })).id;
    const transfer = await cast.manager.patch('/v1/contacts/transfer_group', { ids: [moved], user_id: cast.agent.userId });
    expect(transfer.statusCode, transfer.body).toBe(200);

    const agent = await card(cast.agent, 'in_progress');
    expect(agent.imports_in_progress).toEqual([
      { id: running!.id, file_name: 'running.csv', category: 'lead', status: 'processing', processed_rows: 7, created_at: running!.createdAt.toISOString() },
    ]);
    expect(agent.transfers_in_progress).toEqual([]);
    const manager = await card(cast.manager, 'in_progress');
    expect(manager.imports_in_progress).toEqual([]);
    expect(manager.transfers_in_progress).toEqual([
      expect.objectContaining({ id: transfer.json().data.id, status: 'queued', reverting: false, to_user: { id: cast.agent.userId, name: 'Jamie Carter' }, total_count: 1, processed_count: 0 }),
    ]);
  });
});

describe('counts past the contact list cap', () => {
  it('says "1,000+" for categories and new leads as the contact list does', async () => {
    const owner = cast.telemarketer;
    const now = new Date();
    const bulk = Array.from({ length: 1001 }, (_, n) => ({
      values: { ownerId: owner.userId, category: 'lead', firstName: 'Bulk', lastName: `Lead${n}`, createdAt: now, updatedAt: now },
      phones: [],
      emails: [],
    }));
    await t.ctx.contactsRepository.insertMany(owner.companyId, bulk);
    const list = (await listContacts(owner, { category: 'lead' })).meta;
    expect(list).toMatchObject({ total_count: 1000, total_count_capped: true });
    const counts = (await card(owner, 'contacts_by_category')).contacts_by_category;
    expect(counts?.[0]).toEqual({ category: 'lead', count: list.total_count, capped: list.total_count_capped });
    const prospects = (await listContacts(owner, { category: 'prospect' })).meta;
    expect(counts?.[1]).toEqual({ category: 'prospect', count: prospects.total_count, capped: false });
    expect((await card(owner, 'new_leads')).new_leads_meta).toMatchObject({ total_count: 1000, total_count_capped: true });
    expect((await card(cast.agent, 'new_leads')).new_leads_meta?.total_count_capped).toBe(false);
  });
});

describe('the birthday index', () => {
  it("serves the birthday query's month-day expression in order (on this small table the planner is told to avoid scans and sorts)", async () => {
    // the expression is written once (db/schema birthdayMonthDay): here, as the repository writes it
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain select ${contacts.id} from ${contacts}
        where ${contacts.companyId} = ${cast.manager.companyId} and ${contacts.deletedAt} is null and ${contacts.category} = 'client'
          and ${birthdayMonthDay(contacts.dateOfBirth)} between 1201 and 1214
        order by ${birthdayMonthDay(contacts.dateOfBirth)} limit 10`);
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('contacts_company_birthday_idx');
    expect(text).not.toContain('Sort');
  });
});
