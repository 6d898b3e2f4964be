import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { textProblem } from '../lib/refused-text';

export { TEXT_MESSAGES, textProblem } from '../lib/refused-text';

type Found = { path: (string | number)[]; message: string };

/** The first refused text in a parsed value (strings and object keys, at any depth) and where it is. */
export function findRefusedText(value: unknown, path: (string | number)[] = []): Found | undefined {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path, message } : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // numbers, booleans and nulls are most of a long list (a selection of ids): skip them cheaply
      if (item !== null && typeof item === 'object') {
        const found = findRefusedText(item, [...path, i]);
        if (found) return found;
      } else if (typeof item === 'string') {
        const message = textProblem(item);
        if (message) return { path: [...path, i], message };
      }
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, child] of Object.entries(value)) {
      const keyMessage = textProblem(key);
      if (keyMessage) return { path: [...path, key], message: keyMessage };
      const found = findRefusedText(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A schema that also refuses the text above anywhere in what it reads (a 422 naming the field),
 * checked on the parsed value: only what the contract keeps, after its own rules passed.
 */
export function refusingBadText<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const found = findRefusedText(value);
    if (found) ctx.addIssue({ code: 'custom', message: found.message, path: found.path });
  }) as unknown as S;
}

/** The validator compiler of every route: the contract's zod schema, with refusingBadText. */
export const inputValidatorCompiler: typeof validatorCompiler = (request) => {
  const schema = request.schema as z.ZodType;
  return validatorCompiler(typeof schema?.superRefine === 'function' ? { ...request, schema: refusingBadText(schema) } : request);
};
