import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { withoutControlCharacters } from '@grove/shared';
import type { z } from 'zod';

type Validation = ReturnType<ReturnType<typeof validatorCompiler>>;

/**
 * The route's zod schema, preceded for the body, query string and path parameters by the shared
 * text rule (packages/shared/src/text-rules.ts): a control character anywhere is a 400 naming the
 * field, before any schema or the database sees it (issue 9 §8).
 */
export const validateWithTextRule: FastifySchemaCompiler<z.ZodType> = (route) => {
  const own = validatorCompiler(route);
  if (route.httpPart === 'headers') return own;
  const textRule = validatorCompiler({ ...route, schema: withoutControlCharacters });
  return (data: unknown): Validation => {
    const checked = textRule(data);
    return typeof checked === 'object' && 'error' in checked && checked.error ? checked : own(data);
  };
};
