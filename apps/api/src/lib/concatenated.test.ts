import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { concatenated } from './concatenated';

const text = async (stream: Readable) => {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
};

describe('concatenated', () => {
  it('gives the streams one after the other, and reads a later one only when its turn comes', async () => {
    const later = Readable.from(['c', 'd'], { objectMode: false });
    const out = concatenated([Readable.from(['a', 'b'], { objectMode: false }), later, Readable.from([], { objectMode: false })]);
    expect(later.readableFlowing).toBeNull();
    expect(await text(out)).toBe('abcd');
  });

  it('ends with the error of a stream that fails while waiting its turn', async () => {
    const first = new Readable({ read() {} });
    const waiting = new Readable({ read() {} });
    const out = concatenated([first, waiting]);
    first.push('a');
    waiting.destroy(new Error('the second slice failed'));
    await expect(text(out)).rejects.toThrow('the second slice failed');
    expect(first.destroyed).toBe(true);
  });

  it('destroys every stream when the result is destroyed (a download stopped half way)', async () => {
    const streams = [new Readable({ read() {} }), new Readable({ read() {} })];
    const out = concatenated(streams);
    out.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(streams.map((s) => s.destroyed)).toEqual([true, true]);
  });
});
