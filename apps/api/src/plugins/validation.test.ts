import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findRefusedText, refusingBadText, TEXT_MESSAGES } from './validation';

describe('findRefusedText', () => {
  it('finds NUL, other C0 controls and lone surrogates in strings, keys and lists, and where', () => {
    expect(findRefusedText('fine\ttext\r\n')).toBeUndefined();
    expect(findRefusedText('a\u0000b')).toEqual({ path: [], message: 'Must not contain control characters (found U+0000)' });
    expect(findRefusedText({ a: [1, 'ok', { b: 'x\u001f' }] })).toEqual({ path: ['a', 2, 'b'], message: 'Must not contain control characters (found U+001F)' });
    expect(findRefusedText({ answers: { 'ke\u0000y': 'v' } })).toEqual({ path: ['answers', 'ke\u0000y'], message: TEXT_MESSAGES.control('\u0000') });
    expect(findRefusedText(['\ud83d\ude00 a pair'])).toBeUndefined();
    expect(findRefusedText(['half \ud83d'])).toEqual({ path: [0], message: TEXT_MESSAGES.surrogate });
    expect(findRefusedText([1, 2, null, true, new Date()])).toBeUndefined();
  });

  it('refuses through a schema what the schema keeps, after its own rules', () => {
    const schema = refusingBadText(z.object({ name: z.string().max(3, 'Too long') }));
    expect(schema.safeParse({ name: 'ab\u0000' }).error?.issues).toMatchObject([{ path: ['name'], message: TEXT_MESSAGES.control('\u0000') }]);
    // the contract's own message comes first (the error handler keeps the first one per field)
    expect(schema.safeParse({ name: 'abcd\u0000' }).error?.issues[0]).toMatchObject({ path: ['name'], message: 'Too long' });
    // a field the schema drops is not read, so not refused
    expect(schema.safeParse({ name: 'ab', other: '\u0000' }).data).toEqual({ name: 'ab' });
  });
});
