import { describe, expect, it } from 'vitest';
import { CONTACT_CATEGORIES } from './contacts.contract';
import { DASHBOARD_CATEGORIES, DASHBOARD_TRANSFER_STATUSES, updateDashboard } from './dashboard.contract';
import { quietJobsBody } from './quiet-jobs.contract';
import { TRANSFER_STATUSES } from './transfers.contract';

describe('dashboard contract', () => {
  it('spells the contact categories and running transfer statuses as their own contracts do', () => {
    expect(DASHBOARD_CATEGORIES).toEqual(CONTACT_CATEGORIES);
    for (const status of DASHBOARD_TRANSFER_STATUSES) expect(TRANSFER_STATUSES).toContain(status);
  });

  it('names the types a card may ask for, and pages from 1 with at most 50 a page', () => {
    expect(updateDashboard.query.safeParse({ type: 'birthdays' }).error?.issues[0]?.message).toBe(
      'Type must be one of client_birthdays, prospect_birthdays, turning_65, new_leads, contacts_by_category, in_progress',
    );
    expect(updateDashboard.body.parse(undefined)).toBeUndefined();
    expect(updateDashboard.body.parse({})).toEqual({ page: 1, limit: 10 });
    expect(updateDashboard.body.safeParse({ page: 0 }).error?.issues[0]?.message).toBe('Page must be at least 1');
    expect(updateDashboard.body.safeParse({ limit: 51 }).error?.issues[0]?.message).toBe('Limit must be at most 50');
    expect(updateDashboard.body.safeParse({ page: 'two' }).error?.issues[0]?.message).toBe('Page must be a number');
  });
});

describe('quiet jobs contract', () => {
  it('needs an end time to go quiet, not to resume', () => {
    expect(quietJobsBody.safeParse({ quiet: true }).error?.issues[0]).toMatchObject({ path: ['until'], message: 'Choose when the quiet period ends' });
    expect(quietJobsBody.safeParse({ quiet: true, until: 'tomorrow' }).error?.issues[0]?.message).toBe('Until must be a date and time (ISO 8601)');
    expect(quietJobsBody.safeParse({ quiet: true, until: '2030-01-02T03:04:05Z' }).success).toBe(true);
    expect(quietJobsBody.safeParse({ quiet: true, until: '2030-01-02T03:04:05-05:00' }).success).toBe(true);
    expect(quietJobsBody.safeParse({ quiet: false }).success).toBe(true);
  });
});
