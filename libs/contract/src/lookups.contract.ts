import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * The catalogs a contact refers to (spec part 2 §3 "Status or source option: id, title", "API
 * vendor: id, vendor_name, vendor_type"). Each company has its own; the admin screens that edit
 * them come later (/v1/admin/statuses, ...). These endpoints list the caller's company's entries.
 */
export const lookupOption = z.object({ id: z.number().int(), title: z.string() });
export type LookupOption = z.infer<typeof lookupOption>;

export const apiVendor = z.object({
  id: z.number().int(),
  vendor_name: z.string(),
  vendor_type: z.string(),
});
export type ApiVendor = z.infer<typeof apiVendor>;

export const carrier = z.object({ id: z.number().int(), name: z.string() });
export type Carrier = z.infer<typeof carrier>;

/** Kinds of API vendor: lead sellers posting leads, call-tracking services, data providers. */
export const API_VENDOR_TYPES = ['leads', 'calls', 'data'] as const;

/** A read-only list of the caller's company's catalog entries. */
function lookupList<Item extends z.ZodType>(path: string, summary: string, item: Item) {
  return defineEndpoint({
    method: 'GET',
    path,
    summary,
    tag: 'lookups',
    scope: 'lookups:read',
    access: 'user',
    gate: 'enforced',
    response: z.object({ data: z.array(item) }),
  });
}

export const listStatuses = lookupList(
  '/v1/statuses',
  "Contact statuses of the caller's company, in display order",
  lookupOption,
);
export const listAgentflowStatuses = lookupList(
  '/v1/agentflow_statuses',
  "AgentFlow statuses of the caller's company, in display order",
  lookupOption,
);
export const listSources = lookupList(
  '/v1/sources',
  "Lead sources of the caller's company, in display order",
  lookupOption,
);
export const listApiVendors = lookupList(
  '/v1/api_vendors',
  "API vendors (lead sellers, call tracking) of the caller's company, by name",
  apiVendor,
);
export const listCarriers = lookupList(
  '/v1/carriers',
  "Insurance carriers of the caller's company, by name",
  carrier,
);
