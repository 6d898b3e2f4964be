import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxObject } from '../../kit/sandbox/sandbox.repository';
import { TwilioSandboxError, type TwilioSandboxService } from './twilio-sandbox.service';

/** Where a person plays the other side of the product's texts (DESIGN.md §1 "A person can play the other side"). */
export const SANDBOX_PHONE_PATH = '/sandbox/phone';

const E164 = /^\+[1-9]\d{6,14}$/;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A text as the phone's API shows it. */
const textOf = (m: SandboxObject) => ({
  sid: m.sid,
  direction: m.direction,
  from: m.from,
  to: m.to,
  body: m.body,
  media_urls: m.media_urls ?? [],
  status: m.status,
  error_code: m.error_code,
  date_created: m.date_created,
});

type Reply = { from?: unknown; to?: unknown; body?: unknown; mediaUrl?: unknown };

/** A reply's fields checked; the error names the first field wrong. */
function replyOf(input: Reply): { from: string; to: string; body: string; mediaUrl: string | null } | { error: string } {
  const from = typeof input.from === 'string' ? input.from.trim() : '';
  const to = typeof input.to === 'string' ? input.to.trim() : '';
  const body = typeof input.body === 'string' ? input.body : '';
  const mediaUrl = typeof input.mediaUrl === 'string' && input.mediaUrl.trim() ? input.mediaUrl.trim() : null;
  if (!E164.test(from)) return { error: 'from must be a phone number in E.164 form (+15555550100)' };
  if (!E164.test(to)) return { error: 'to must be a phone number in E.164 form (+15555550100)' };
  if (!body.trim() && !mediaUrl) return { error: 'body or mediaUrl is required' };
  if (body.length > 1600) return { error: 'body is longer than 1600 characters' };
  if (mediaUrl && !/^https?:\/\//.test(mediaUrl)) return { error: 'mediaUrl must be an http(s) URL' };
  return { from, to, body, mediaUrl };
}

/** The page's frame: its own CSP (no script at all; forms post only to itself), not framed, not cached. */
function page(reply: FastifyReply, title: string, main: string): FastifyReply {
  reply
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
  return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a;max-width:48rem}h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem}
label{display:block;font-weight:600;margin-top:.75rem}input,select,textarea{font:inherit;padding:.4rem;border:1px solid #555;border-radius:4px;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:.75rem;padding:.5rem 1rem;border-radius:6px;border:1px solid #1a1a1a;background:#1a1a1a;color:#fff;cursor:pointer}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
ol{list-style:none;padding:0}li.text{border:1px solid #ccc;border-radius:8px;padding:.5rem .75rem;margin:.5rem 0}.meta{color:#444;font-size:.875rem;margin:0}
.inbound{background:#eef4ff}[role=alert]{color:#8a1c1c;font-weight:600}</style></head>
<body><main>${main}</main></body></html>`);
}

/**
 * The sandbox phone: every number's side of the product's texts. For scripts,
 * `GET /sandbox/phone/messages?to=` (the texts a number received, newest first) and
 * `POST /sandbox/phone/messages {from, to, body, mediaUrl?}` (a person's text to one of the
 * account's numbers, delivered to its SmsUrl signed like Twilio); for people, the page at
 * /sandbox/phone (a number's texts and a reply form, no script, keyboard usable).
 */
export async function registerSandboxPhoneRoutes(app: FastifyInstance, service: TwilioSandboxService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

    async function sendReply(input: Reply): Promise<{ status: number; body: unknown }> {
      const reply = replyOf(input);
      if ('error' in reply) return { status: 400, body: { error: reply.error } };
      try {
        const message = await service.reply(reply);
        if (!message) return { status: 404, body: { error: `${reply.to} is not a number of the sandbox's Twilio account: buy it first` } };
        return { status: 201, body: textOf(message) };
      } catch (error) {
        if (error instanceof TwilioSandboxError) return { status: error.status, body: { error: error.message } };
        throw error;
      }
    }

    scope.get<{ Querystring: { to?: string } }>(`${SANDBOX_PHONE_PATH}/messages`, async (request, reply) => {
      const to = typeof request.query.to === 'string' ? request.query.to.trim() : '';
      if (!E164.test(to)) return reply.code(400).send({ error: 'to must be a phone number in E.164 form (+15555550100)' });
      return { data: (await service.phoneMessages(to)).map(textOf) };
    });

    scope.post<{ Body: Reply | undefined }>(`${SANDBOX_PHONE_PATH}/messages`, async (request, reply) => {
      const answer = await sendReply(request.body ?? {});
      return reply.code(answer.status).send(answer.body);
    });

    scope.get<{ Querystring: { number?: string; sent?: string; error?: string } }>(SANDBOX_PHONE_PATH, async (request, reply) => {
      const number = typeof request.query.number === 'string' ? request.query.number.trim() : '';
      const { texted, owned } = await service.phones();
      const link = (n: string) => `<li><a href="${SANDBOX_PHONE_PATH}?number=${encodeURIComponent(n)}"${n === number ? ' aria-current="page"' : ''}>${escapeHtml(n)}</a></li>`;
      let main = `<h1>Sandbox phone</h1>
<p>Every phone the product texts, played by you: read what a number received and reply from it. Replies go to the product's number as Twilio would post them (STOP, START and HELP are read as Twilio's Advanced Opt-Out reads them).</p>
<form method="get" action="${SANDBOX_PHONE_PATH}"><label for="number">Phone number</label>
<input id="number" name="number" type="tel" inputmode="tel" autocomplete="off" placeholder="+15555550100" value="${escapeHtml(number)}" required><button type="submit">Open</button></form>
<nav aria-label="Numbers the product texted"><h2>Numbers the product texted</h2>${texted.length ? `<ul>${texted.map(link).join('')}</ul>` : '<p>None yet.</p>'}</nav>`;
      if (number && !E164.test(number)) {
        main += '<p role="alert">A phone number is written in E.164 form, such as +15555550100.</p>';
      } else if (number) {
        const texts = await service.phoneMessages(number);
        const notice =
          request.query.sent === '1' ? '<p role="status">Reply sent.</p>' : request.query.error ? `<p role="alert">${escapeHtml(String(request.query.error).slice(0, 200))}</p>` : '';
        const senders = [...new Set([...texts.map((t) => String(t.from ?? '')).filter((f) => owned.includes(f)), ...owned])];
        const items = texts
          .map(
            (t) => `<li class="text${t.direction === 'inbound' ? ' inbound' : ''}"><p class="meta">From ${escapeHtml(String(t.from ?? 'a Messaging Service'))} · ${escapeHtml(String(t.date_created))} · ${escapeHtml(String(t.status))}</p>
<p>${escapeHtml(String(t.body ?? ''))}</p>${((t.media_urls as string[] | undefined) ?? []).map((u) => `<p><a href="${escapeHtml(u)}" rel="noreferrer">Attachment</a></p>`).join('')}</li>`,
          )
          .join('');
        main += `<section aria-labelledby="texts"><h2 id="texts">Texts to ${escapeHtml(number)}</h2>${notice}${items ? `<ol>${items}</ol>` : '<p>No texts yet.</p>'}</section>
<section aria-labelledby="reply"><h2 id="reply">Reply from ${escapeHtml(number)}</h2>${
          senders.length
            ? `<form method="post" action="${SANDBOX_PHONE_PATH}"><input type="hidden" name="from" value="${escapeHtml(number)}">
<label for="to">To</label><select id="to" name="to">${senders.map((s) => `<option>${escapeHtml(s)}</option>`).join('')}</select>
<label for="body">Message</label><textarea id="body" name="body" rows="3" maxlength="1600"></textarea>
<label for="mediaUrl">Picture or file URL (optional, for an MMS)</label><input id="mediaUrl" name="mediaUrl" type="url">
<button type="submit">Send reply</button></form>`
            : '<p>The account has no number to reply to yet.</p>'
        }</section>`;
      }
      return page(reply, number ? `Sandbox phone: ${number}` : 'Sandbox phone', main);
    });

    // the page's reply form: sent, then back to the number's page (post, redirect, get)
    scope.post<{ Body: Reply | undefined }>(SANDBOX_PHONE_PATH, async (request, reply) => {
      const body = request.body ?? {};
      const answer = await sendReply(body);
      const number = typeof body.from === 'string' ? body.from.trim() : '';
      const outcome = answer.status === 201 ? 'sent=1' : `error=${encodeURIComponent(String((answer.body as { error?: string }).error ?? 'Not sent'))}`;
      return reply.code(303).header('location', `${SANDBOX_PHONE_PATH}?number=${encodeURIComponent(number)}&${outcome}`).send();
    });
  });
}
