export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes instead of the sender (MAIL_FROM); for example the user who asked for help. */
  replyTo?: string;
};

/** Sends e-mail. SMTP when SMTP_URL is set; otherwise the local outbox (a sandbox a developer can read). */
export type EmailProvider = {
  readonly kind: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
};
