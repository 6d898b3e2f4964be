import { beforeEach, describe, expect, it, vi } from 'vitest';

const sendMail = vi.fn(async () => ({}));
vi.mock('nodemailer', () => ({ default: { createTransport: vi.fn(() => ({ sendMail })) } }));

const { createSmtpEmailProvider } = await import('./smtp.provider');

beforeEach(() => sendMail.mockClear());

describe('SMTP e-mail provider', () => {
  it('sends from MAIL_FROM and passes reply-to to nodemailer', async () => {
    const provider = createSmtpEmailProvider('smtp://localhost:2525', 'CRM <no-reply@example.com>');
    await provider.send({ to: 'support@example.com', subject: 'Help', text: 'Body', replyTo: 'agent@example.com' });
    expect(sendMail).toHaveBeenCalledWith({
      from: 'CRM <no-reply@example.com>',
      to: 'support@example.com',
      subject: 'Help',
      text: 'Body',
      replyTo: 'agent@example.com',
    });
  });

  it('leaves reply-to out when there is none', async () => {
    const provider = createSmtpEmailProvider('smtp://localhost:2525', 'CRM <no-reply@example.com>');
    await provider.send({ to: 'a@example.com', subject: 'S', text: 'T' });
    expect(sendMail.mock.calls[0]).toEqual([{ from: 'CRM <no-reply@example.com>', to: 'a@example.com', subject: 'S', text: 'T' }]);
  });
});
