import { CABLE_CHANNELS } from '@crm/contract';
import type { Identity } from '../modules/sessions/identity';

/**
 * A channel of the socket: which streams a subscriber receives. `streams` answers null to refuse
 * the subscription (the client hears reject_subscription). A channel only ever streams what the
 * subscribing user may see: its streams are named from the user, never from the parameters alone.
 */
export type Channel = {
  streams(identity: Identity, params: Record<string, unknown>): string[] | null;
};

/** The stream of one user's import attempts (the contacts-import channel). */
export const contactsImportStream = (userId: number) => `contacts_import:user:${userId}`;

/** The channels by their ActionCable name. */
export const CHANNELS: Record<string, Channel> = {
  [CABLE_CHANNELS.contactsImport]: {
    streams: (identity) => [contactsImportStream(identity.user.id)],
  },
};
