import { DASHBOARD_APPENDED_LISTS, type DashboardInfo } from '@crm/contract';

/**
 * Spec part 1 §4 "Dashboard merge": an answer of PATCH /v1/dashboard is merged into the
 * dashboard_info the screen holds. Its keys replace what was there, except client_birthdays and
 * prospect_birthdays, which a later page (current_page above 1) is appended to; a first page starts
 * the list afresh (a refetch must not list everyone twice). Contacts already listed are not listed
 * again (a birthday list shifts when a contact is added between two pages).
 */
export function mergeDashboardInfo(current: DashboardInfo, answer: DashboardInfo): DashboardInfo {
  const merged: DashboardInfo = { ...current, ...answer };
  for (const key of DASHBOARD_APPENDED_LISTS) {
    const added = answer[key];
    const held = current[key];
    if (!added || !held || (answer[`${key}_meta`]?.current_page ?? 1) <= 1) continue;
    const listed = new Set(held.map((row) => row.id));
    merged[key] = [...held, ...added.filter((row) => !listed.has(row.id))];
  }
  return merged;
}
