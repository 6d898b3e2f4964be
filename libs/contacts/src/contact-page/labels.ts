import type {
  ActivityType,
  EmailVerification,
  PolicyStatus,
  PREMIUM_MODES,
  RX_FREQUENCIES,
} from '@crm/contract';

export { ACTIVITY_LABELS } from '@crm/contract';

/** The quick actions of the contact's header, in order ("Log call", "Log text"…). */
export const LOGGED_ACTIVITIES: readonly ActivityType[] = ['call', 'sms', 'email', 'appointment', 'visit', 'mail'];

export const EMAIL_VERIFICATION_LABELS: Record<EmailVerification, string> = {
  unchecked: 'Not checked',
  valid: 'Valid',
  invalid: 'Invalid',
  unknown: 'Unknown',
  forced: 'Verified',
};

export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  pending: 'Pending',
  submitted: 'Submitted',
  approved: 'Approved',
  issued: 'Issued',
  in_force: 'In force',
  declined: 'Declined',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
  terminated: 'Terminated',
};

export const PREMIUM_MODE_LABELS: Record<(typeof PREMIUM_MODES)[number], string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semi_annual: 'Semi-annual',
  annual: 'Annual',
  single: 'Single',
};

export const RX_FREQUENCY_LABELS: Record<(typeof RX_FREQUENCIES)[number], string> = {
  daily: 'Daily',
  twice_daily: 'Twice a day',
  weekly: 'Weekly',
  monthly: 'Monthly',
  as_needed: 'As needed',
};
