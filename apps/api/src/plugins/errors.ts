import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CONFLICT_BODY, isUniqueViolation } from '../db/unique-violation';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_BODY } from '../db/unavailable';
import { HttpError, type FieldErrors } from '../lib/http-errors';
import { clearSessionCookies } from './cookies';

type Issue = { message: string; instancePath?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** `body.profile.first_name` → `profile.first_name`; the first message per field wins. */
function fieldErrors(issues: Issue[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const field = path || (context === 'body' ? 'base' : context) || 'base';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The one error handler of DESIGN.md §4. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({ errors: fieldErrors(error.validation as Issue[], error.validationContext) });
    }
    if (error instanceof HttpError) {
      if (error.status === 401) clearSessionCookies(reply);
      return reply.code(error.status).headers(error.headers).send({ errors: error.errors });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(422).send({ errors: { base: 'The request body must be JSON' } });
    }
    if (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP')) {
      return reply.code(422).send({ errors: { base: 'The request body is not valid JSON' } });
    }
    if (error.statusCode === 413) {
      return reply.code(413).send({ errors: { base: 'The request is too large' } });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ errors: { base: 'Too many requests. Try again later.' } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(UNAVAILABLE_BODY);
    }
    if (isUniqueViolation(error)) {
      // two requests raced past the same check (five profile updates to one address): the loser is told so
      request.log.warn({ err: error }, 'unique violation');
      return reply.code(409).send(CONFLICT_BODY);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.code(500).send({ errors: { base: 'Something went wrong on our side. Please try again.' } });
  });

}
