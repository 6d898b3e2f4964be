export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes instead of the sender (MAIL_FROM); for example the user who asked for help. */
  replyTo?: string;
};

/** What sending answers in production without SMTP_URL (the outbox is a sandbox, never served there). */
export const EMAIL_NOT_CONFIGURED = 'E-mail is not configured: set SMTP_URL';

/**
 * Sends e-mail. SMTP when SMTP_URL is set; otherwise the local outbox (a sandbox a developer can
 * read), or in production `off`: every send answers NotConfigured (EMAIL_NOT_CONFIGURED).
 */
export type EmailProvider = {
  readonly kind: 'smtp' | 'outbox' | 'off';
  send(message: EmailMessage): Promise<void>;
};
