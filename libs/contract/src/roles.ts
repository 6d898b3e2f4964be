import { z } from 'zod';
import { ROLES, TIMEZONES } from './constants';

export {
  ADMIN_ROLES,
  DEFAULT_TIMEZONE,
  IANA_TIMEZONES,
  IMPERSONATOR_ROLES,
  ROLES,
  TIMEZONES,
  TIMEZONE_LABELS,
  type Role,
  type Timezone,
} from './constants';

/** A role of spec part 1 §6 / part 2 §6 (ROLES). */
export const role = z.enum(ROLES);
/** A time zone of spec part 2 §3 (TIMEZONES). */
export const timezone = z.enum(TIMEZONES);
