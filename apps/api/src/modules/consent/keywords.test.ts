import { describe, expect, it } from 'vitest';
import { classifyInbound, helpReply, HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, optInConfirmation, optOutConfirmation } from './keywords';

const dressed = (keyword: string) => [keyword, keyword.toLowerCase(), `  ${keyword[0]}${keyword.slice(1).toLowerCase()}  `, `${keyword}.`, `${keyword}!!`, `"${keyword}"`, `\n${keyword.toLowerCase()}?\n`, `*${keyword}*`];

describe('classifyInbound', () => {
  it.each(OPT_OUT_KEYWORDS)('%s in any case, spacing and punctuation is an opt-out', (keyword) => {
    for (const body of dressed(keyword)) expect(classifyInbound(body), body).toBe('opt_out');
  });

  it.each(OPT_IN_KEYWORDS)('%s is an opt-in', (keyword) => {
    for (const body of dressed(keyword)) expect(classifyInbound(body), body).toBe('opt_in');
  });

  it.each(HELP_KEYWORDS)('%s asks for help', (keyword) => {
    for (const body of dressed(keyword)) expect(classifyInbound(body), body).toBe('help');
  });

  it('counts a keyword only as the whole message', () => {
    // "stop by tomorrow?" is not an opt-out and asks nothing to stop: not flagged (decided: a keyword
    // inside a sentence is ordinary speech unless a stop phrase below matches).
    for (const body of ['stop by tomorrow?', 'Can you stop by the office', 'yes please, call me at 5', 'I need help with my policy', 'the end of the month works', 'STOP STOP', 'St op', 'stopp', 'cancel my appointment please'])
      expect(classifyInbound(body), body).not.toBe('opt_out');
    expect(classifyInbound('stop by tomorrow?')).toBeNull();
    expect(classifyInbound('yes please, call me at 5')).toBeNull();
    expect(classifyInbound('Sounds good, see you then')).toBeNull();
    expect(classifyInbound('')).toBeNull();
  });

  it('flags a message that asks in words to stop, for the agent to confirm', () => {
    for (const body of [
      'please stop texting me',
      'Remove me from your list',
      "Don't text me again.",
      'don’t text me',
      'DO NOT CONTACT ME',
      'Take me off this list!!',
      'stop messaging me please',
      'no more texts',
      'Wrong number',
      'Please leave me alone',
      'unsubscribe me',
      'STOP CALLING ME',
    ])
      expect(classifyInbound(body), body).toBe('asks_to_stop');
  });
});

describe('replies', () => {
  const brand = { name: 'Harbor Insurance', helpContact: 'support@harbor.example or 555-010-0100' };

  it('confirms an opt-out once, naming the brand and how to come back', () => {
    expect(optOutConfirmation(brand)).toBe('Harbor Insurance: You are unsubscribed and will receive no more messages. Reply START to resubscribe.');
  });

  it('confirms an opt-in with how to opt out again', () => {
    expect(optInConfirmation(brand)).toContain('Harbor Insurance');
    expect(optInConfirmation(brand)).toContain('STOP to opt out');
  });

  it('answers HELP with the brand, its contact and how to opt out', () => {
    expect(helpReply(brand)).toBe(
      'Harbor Insurance: Messages from your agent. For help, contact support@harbor.example or 555-010-0100. Reply STOP to opt out. Msg & data rates may apply.',
    );
    expect(helpReply({ name: 'Keystone' })).toBe('Keystone: Messages from your agent. Reply STOP to opt out. Msg & data rates may apply.');
  });
});
