import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { toFieldErrors, translateValidationText, validationText, type FieldErrors, type ValidationKey } from '@grove/shared';
import { translations } from '../lib/i18n.js';
import { outageError, outageOf, type Outage } from './outage.js';
import { requestLanguage } from './request-language.js';

/** An error whose status and message are safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (errors: FieldErrors, message = validationText('invalid')) => new HttpError(400, message, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many attempts. Please wait and try again.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** One error shape everywhere: `{ message, errors? }`; never a stack trace to the client. */
/** Field errors in the caller's language: every spec §5 text is rewritten, other texts kept. */
function localised(errors: FieldErrors, texts: Record<ValidationKey, string>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((text) => translateValidationText(text, texts))]));
}

/** PostgreSQL refused a character (a NUL byte, text the encoding cannot hold): the input is wrong. */
const BAD_CHARACTER_STATES = new Set(['22021', '22P05']);

function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance, options: { onOutage?: (kind: Outage, error: unknown) => void } = {}): void {
  app.setErrorHandler((rawError: FastifyError | HttpError, request, reply) => {
    const texts = translations<Record<ValidationKey, string>>(requestLanguage(request), 'validation:');
    let error = rawError;
    const outage = error instanceof HttpError ? null : outageOf(error);
    if (outage) {
      request.log.error({ err: error, reqId: request.id, outage }, 'answered 503: outage');
      options.onOutage?.(outage, error);
      error = outageError(outage);
    } else if (!(error instanceof HttpError) && BAD_CHARACTER_STATES.has(sqlState(error) ?? '')) {
      request.log.warn({ err: error }, 'database refused a character of the input');
      error = new HttpError(400, texts.invalid);
    }
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: translateValidationText(error.message, texts),
        ...(error.errors ? { errors: localised(error.errors, texts) } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The provider flattens each zod issue; rebuild it so the shared mapper gives the spec texts.
      const issues = error.validation.map((v) => ({
        ...v.params,
        code: v.keyword,
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      }));
      return reply.status(400).send({ message: texts.invalid, errors: localised(toFieldErrors(issues), texts) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    if (status === 413) return reply.status(413).send({ message: 'The upload is larger than allowed.' });
    if (status === 415) return reply.status(415).send({ message: 'This content type is not accepted.' });
    if (status === 429) return reply.status(429).send({ message: 'Too many attempts. Please wait and try again.' });
    // Framework 4xx (bad JSON, wrong content type…): keep its short message, not internals.
    return reply.status(status).send({ message: error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON.' : error.message });
  });
}
