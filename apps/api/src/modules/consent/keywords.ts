/**
 * What an inbound text asks for (issue 30 item 5; CTIA Messaging Principles and the carriers' keyword
 * list, as Twilio's Advanced Opt-Out honours them). A keyword counts only as the whole message, in
 * any case, with spaces and punctuation around it ("Stop.", " stop!! ", "'STOP'"): "stop by
 * tomorrow?" is not an opt-out. A message that is not a keyword but asks in words to stop texting
 * ("please stop texting me", "remove me from your list") is `asks_to_stop`: it is flagged for the
 * agent to confirm (an opt-out "in any reasonable form" must be honoured, 47 CFR 64.1200(a)(10)),
 * and is not an opt-out by itself. "stop by tomorrow?" matches no phrase and is not flagged.
 */
export type InboundIntent = 'opt_out' | 'opt_in' | 'help' | 'asks_to_stop';

export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

const KEYWORDS = new Map<string, InboundIntent>([
  ...OPT_OUT_KEYWORDS.map((k) => [k, 'opt_out'] as const),
  ...OPT_IN_KEYWORDS.map((k) => [k, 'opt_in'] as const),
  ...HELP_KEYWORDS.map((k) => [k, 'help'] as const),
]);

/**
 * Phrases that ask to stop, matched on the message folded to lower-case words (curly apostrophes
 * straightened, punctuation dropped). Each is a whole-word match anywhere in the message. Kept short
 * and specific: a flag the agent reads, never an opt-out.
 */
export const ASKS_TO_STOP_PHRASES = [
  'stop texting',
  'stop messaging',
  'stop sending',
  'stop contacting',
  'stop calling',
  'stop text me',
  'stop txting',
  'dont text',
  'do not text',
  'dont message',
  'do not message',
  'dont contact',
  'do not contact',
  'dont call',
  'do not call',
  'no more texts',
  'no more messages',
  'remove me',
  'take me off',
  'unsubscribe me',
  'opt me out',
  'leave me alone',
  'wrong number',
] as const;

/** Lower-case words joined by single spaces: apostrophes dropped (don't → dont), other punctuation a space. */
function foldWords(body: string): string {
  return body
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The message's intent, or null for an ordinary message. */
export function classifyInbound(body: string): InboundIntent | null {
  const bare = body.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '').toUpperCase();
  const keyword = KEYWORDS.get(bare);
  if (keyword) return keyword;
  const words = ` ${foldWords(body)} `;
  return ASKS_TO_STOP_PHRASES.some((phrase) => words.includes(` ${phrase} `)) ? 'asks_to_stop' : null;
}

/** The brand (or company) a reply names, and the words of its help line. */
export type ReplyBrand = { name: string; helpContact?: string | undefined };

/** The one confirmation text to a STOP (CTIA: a single reply, no marketing). */
export function optOutConfirmation(brand: ReplyBrand): string {
  return `${brand.name}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.`;
}

/** The reply to START, UNSTOP or YES. */
export function optInConfirmation(brand: ReplyBrand): string {
  return `${brand.name}: You are subscribed to messages again. Reply HELP for help, STOP to opt out. Msg & data rates may apply.`;
}

/** The reply to HELP or INFO: who is texting, how to reach them and how to opt out. */
export function helpReply(brand: ReplyBrand): string {
  const contact = brand.helpContact ? ` For help, contact ${brand.helpContact}.` : '';
  return `${brand.name}: Messages from your agent.${contact} Reply STOP to opt out. Msg & data rates may apply.`;
}
