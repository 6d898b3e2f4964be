import { z } from 'zod';

export {
  CABLE_CHANNELS,
  CABLE_DISCONNECT_REASONS,
  CABLE_PATH,
  CABLE_PING_SECONDS,
  CABLE_PROTOCOL,
  CABLE_RECONNECT_MS,
  type CableChannel,
} from './constants';

/** What the client sends: subscribe / unsubscribe / message, with the channel identifier as a JSON string. */
export const cableCommand = z.object({
  command: z.enum(['subscribe', 'unsubscribe', 'message']),
  identifier: z.string().max(1000),
  data: z.string().max(64 * 1024).optional(),
});
export type CableCommand = z.infer<typeof cableCommand>;

/** The identifier inside a command: the channel and its parameters. */
export const cableIdentifier = z.looseObject({ channel: z.string().max(100) });
