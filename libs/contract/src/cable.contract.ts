import { z } from 'zod';

/**
 * The realtime socket: the ActionCable protocol at /cable (GET /cable in endpoints.tsv), so that the
 * browser uses the real @rails/actioncable client. Shared by the server and the client.
 */
export const CABLE_PATH = '/cable';
/** The one subprotocol the server speaks; the client offers it (and `actioncable-unsupported`). */
export const CABLE_PROTOCOL = 'actioncable-v1-json';
/** Seconds between the server's pings; the client thinks a connection stale after two missed ones. */
export const CABLE_PING_SECONDS = 3;
/** The spec: after an error or a disconnect message the socket reconnects after 1 second. */
export const CABLE_RECONNECT_MS = 1000;

/** The channels a client may subscribe to, by their ActionCable class name. */
export const CABLE_CHANNELS = {
  /** The caller's import attempts: each message is an attempt as it changes (part 2 §4). */
  contactsImport: 'ContactsImportChannel',
} as const;
export type CableChannel = (typeof CABLE_CHANNELS)[keyof typeof CABLE_CHANNELS];

/** Why the server closes a connection (ActionCable's disconnect reasons). */
export const CABLE_DISCONNECT_REASONS = ['unauthorized', 'invalid_request', 'server_restart', 'remote'] as const;

/** What the client sends: subscribe / unsubscribe / message, with the channel identifier as a JSON string. */
export const cableCommand = z.object({
  command: z.enum(['subscribe', 'unsubscribe', 'message']),
  identifier: z.string().max(1000),
  data: z.string().max(64 * 1024).optional(),
});
export type CableCommand = z.infer<typeof cableCommand>;

/** The identifier inside a command: the channel and its parameters. */
export const cableIdentifier = z.looseObject({ channel: z.string().max(100) });
