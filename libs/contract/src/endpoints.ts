import { health } from './health.contract';
import {
  adminLoginAs,
  authProfile,
  createSession,
  createSsoSession,
  destroySession,
  endImpersonation,
  resetPasswordByToken,
  resetPasswordInstructions,
} from './session.contract';
import {
  acceptTos,
  updateTheme,
  refreshApiToken,
  showApiToken,
  update2fa,
  updatePassword,
  updateProfile,
  updateTimezone,
  userMe,
} from './user.contract';
import { disable2fa, enable2fa, generateQr, sendOtp } from './two-factor.contract';
import { createApiKey, deleteApiKey, listApiKeys, showApiKey, updateApiKey } from './api-keys.contract';
import { listFeatureFlags, listFeatures, updateFeatureFlags } from './features.contract';
import { adminUserRoles, listAdminUsers, updateAdminUserRoles } from './admin-users.contract';
import { createHelpRequest } from './help.contract';
import { listAgentflowStatuses, listApiVendors, listCarriers, listSources, listStatuses } from './lookups.contract';
import {
  assignContactToMe,
  createContact,
  destroyContacts,
  listContacts,
  quickUpdateContact,
  restoreContacts,
  selectedContactItems,
  selectFirstLastContacts,
  showContact,
  updateContact,
  updateContactNote,
} from './contacts.contract';
import { createQuickFilter, deleteQuickFilter, listQuickFilters, updateQuickFilter } from './quick-filters.contract';
import { addFavorite, listFavorites, removeFavorite } from './favorites.contract';
import type { Endpoint } from './endpoint';

/** Every endpoint of the API, by name. The server registers exactly these; api-client calls them by name. */
export const endpoints = {
  health,
  createSession,
  createSsoSession,
  destroySession,
  endImpersonation,
  resetPasswordInstructions,
  resetPasswordByToken,
  authProfile,
  adminLoginAs,
  userMe,
  acceptTos,
  updateTimezone,
  updateTheme,
  updateProfile,
  updatePassword,
  update2fa,
  showApiToken,
  refreshApiToken,
  generateQr,
  enable2fa,
  disable2fa,
  sendOtp,
  listApiKeys,
  createApiKey,
  showApiKey,
  updateApiKey,
  deleteApiKey,
  listFeatureFlags,
  updateFeatureFlags,
  listFeatures,
  listAdminUsers,
  adminUserRoles,
  updateAdminUserRoles,
  createHelpRequest,
  listContacts,
  selectedContactItems,
  createContact,
  showContact,
  updateContact,
  quickUpdateContact,
  updateContactNote,
  assignContactToMe,
  destroyContacts,
  restoreContacts,
  selectFirstLastContacts,
  listStatuses,
  listAgentflowStatuses,
  listSources,
  listApiVendors,
  listCarriers,
  listQuickFilters,
  createQuickFilter,
  updateQuickFilter,
  deleteQuickFilter,
  listFavorites,
  addFavorite,
  removeFavorite,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
