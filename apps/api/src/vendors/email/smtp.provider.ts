import nodemailer from 'nodemailer';
import type { EmailProvider } from './email.provider';

export function createSmtpEmailProvider(smtpUrl: string, from: string): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, replyTo }) {
      await transport.sendMail({ from, to, subject, text, ...(html && { html }), ...(replyTo && { replyTo }) });
    },
  };
}
