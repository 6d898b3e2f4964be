import type { HelpRequest } from '@crm/contract';
import { BRANDS } from '@crm/brand-config';
import { refuseWhenFull } from '../../lib/throttle';
import type { EmailProvider } from '../../vendors/email/email.provider';
import type { Identity } from '../sessions/identity';
import { fullName } from '../users/current-user';
import type { HelpsRepository } from './helps.repository';

const HOUR_MS = 3_600_000;

type Deps = {
  helps: HelpsRepository;
  email: EmailProvider;
  /** Requests one user may send per hour (env HELP_REQUESTS_PER_HOUR). */
  perHour: number;
};

export type HelpInput = { subject: string; message: string; page?: string | undefined };

/** A header must stay on one line: line breaks in a subject become spaces. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

/**
 * Help requests of the help widget (spec part 1 §2): each is stored, then e-mailed to the support
 * address of the brand the user's company belongs to, with a reply-to of the user, so that support
 * answers the user directly. When the e-mail cannot be sent the request is taken back and the
 * error reaches the user, who keeps what they typed and can send it again.
 */
export function createHelpsService({ helps, email, perHour }: Deps) {
  /** Each request e-mails a person: a user gets `perHour` of them per hour. */
  async function throttle(userId: number): Promise<void> {
    refuseWhenFull(await helps.recent(userId, new Date(Date.now() - HOUR_MS)), perHour, HOUR_MS);
  }

  return {
    async create(identity: Pick<Identity, 'user' | 'brand'>, input: HelpInput): Promise<HelpRequest> {
      const { user, brand } = identity;
      await throttle(user.id);
      const company = await helps.company(user.companyId);
      const page = input.page?.trim() || null;
      const row = await helps.create({
        userId: user.id,
        companyId: user.companyId,
        brand,
        subject: input.subject,
        message: input.message,
        page,
      });

      const name = fullName(user) || user.username;
      const support = BRANDS[brand];
      const text = [
        `${name} asked ${support.name} support for help.`,
        '',
        `Name: ${name}`,
        `E-mail: ${user.email}`,
        `Company: ${company ? `${company.name} (${company.domainName})` : `#${user.companyId}`}`,
        `User id: ${user.id}`,
        `Page: ${page ?? 'not given'}`,
        `Request: #${row.id}`,
        '',
        `Subject: ${input.subject}`,
        '',
        input.message,
        '',
        `Replying to this e-mail answers ${name} at ${user.email}.`,
      ].join('\n');
      try {
        await email.send({
          to: support.supportEmail,
          replyTo: user.email,
          subject: `Help request: ${oneLine(input.subject)}`,
          text,
        });
      } catch (error) {
        await helps.remove(row.id);
        throw error;
      }
      return { id: row.id, created_at: row.createdAt.toISOString() };
    },
  };
}

export type HelpsService = ReturnType<typeof createHelpsService>;
