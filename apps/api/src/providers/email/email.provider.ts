export type EmailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends e-mail. SMTP when SMTP_URL is set; otherwise the local outbox (a sandbox a developer can read). */
export type EmailProvider = {
  readonly kind: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
};
