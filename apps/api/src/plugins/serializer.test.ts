import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonObject, JsonText, jsonText } from '../lib/json-text';
import { answerSerializer } from './serializer';

const schema = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable(), tags: z.array(z.object({ id: z.number() })) });
const route = { schema, method: 'GET', url: '/v1/things/:id', httpStatus: '200' };
const serialize = (checked: boolean) => answerSerializer(checked)(route as never);

describe('answers written as JSON, checked against their contract outside production', () => {
  it('writes an answer that matches its contract the same either way, whatever the order of its fields', () => {
    const answer = { tags: [{ id: 2 }], note: null, name: 'Ann', id: 1 };
    expect(JSON.parse(serialize(true)(answer))).toEqual(answer);
    expect(serialize(false)(answer)).toBe(JSON.stringify(answer));
  });

  it('checked: refuses a field the contract leaves out, at any depth, and a value of the wrong type', () => {
    for (const wrong of [
      { id: 1, name: 'Ann', note: null, tags: [], passwordDigest: 'x' },
      { id: 1, name: 'Ann', note: null, tags: [{ id: 2, secret: true }] },
      { id: '1', name: 'Ann', note: null, tags: [] },
      { id: 1, name: 'Ann', tags: [] },
    ]) {
      let thrown: unknown;
      try {
        serialize(true)(wrong);
      } catch (error) {
        thrown = error;
      }
      expect(isResponseSerializationError(thrown), JSON.stringify(wrong)).toBe(true);
    }
  });

  it('in production: JSON.stringify, unchecked', () => {
    const extra = { id: 1, name: 'Ann', note: null, tags: [], extra: 1 };
    expect(serialize(false)(extra)).toBe(JSON.stringify(extra));
  });

  it('an answer already written as JSON goes out as its text; checked, it is read back and held to its contract like any other', () => {
    const written = new JsonText<z.infer<typeof schema>>(['{"id":1,"name":"Ann","note":null,', '"tags":[{"id" : 2}]}']);
    for (const checked of [true, false]) expect(String(serialize(checked)(written))).toBe('{"id":1,"name":"Ann","note":null,"tags":[{"id" : 2}]}');
    for (const wrong of ['{"id":1,"name":"Ann","note":null,"tags":[],"secret":1}', '{"id":1,"name":"Ann","tags":[]}']) {
      let thrown: unknown;
      try {
        serialize(true)(jsonText(wrong));
      } catch (error) {
        thrown = error;
      }
      expect(isResponseSerializationError(thrown), wrong).toBe(true);
    }
  });
});

describe('JSON texts put together', () => {
  it('an object of written parts and plain values, in order, leaving out undefined ones as JSON.stringify does', () => {
    const page = new JsonText<{ id: number }[]>(['[', '{"id":1},{"id" : 2}', ']']);
    const whole = jsonObject<{ data: { id: number }[]; meta: { next: string | null; skipped?: number }; note?: string }>({
      data: page,
      meta: { next: 'a"b', skipped: undefined },
      note: undefined,
    });
    expect(whole.text).toBe('{"data":[{"id":1},{"id" : 2}],"meta":{"next":"a\\"b"}}');
    expect(JSON.parse(whole.text)).toEqual({ data: [{ id: 1 }, { id: 2 }], meta: { next: 'a"b' } });
    expect(jsonObject({}).text).toBe('{}');
    // written once into a buffer of its size, in UTF-8
    const named = jsonObject<{ name: string }>({ name: 'Zoë ✓' });
    expect(named.toBuffer().equals(Buffer.from('{"name":"Zoë ✓"}'))).toBe(true);
  });
});
