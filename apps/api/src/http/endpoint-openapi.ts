import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint } from '@grove/shared';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = Record<string, unknown>;

/**
 * The OpenAPI transform: fastify-type-provider-zod turns the zod schemas into JSON schema; what a
 * shared endpoint declares beyond them is added here — a multipart form body, the Set-Cookie header
 * of the answer, a possible redirect (docs/decisions/030-endpoint-contract-and-typed-data.md).
 */
export function endpointOpenApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const endpoint = (input as { route?: { config?: { endpoint?: Endpoint } } }).route?.config?.endpoint;
  const schema = result.schema as Schema | undefined;
  if (!endpoint || !schema || schema.hide) return result;
  if (endpoint.upload) {
    const fields = z.toJSONSchema(endpoint.upload.fields, { target: 'openapi-3.0', io: 'input' }) as Schema;
    const properties = { ...(fields.properties as Schema | undefined), [endpoint.upload.file]: { type: 'string', format: 'binary' } };
    const required = [...((fields.required as string[] | undefined) ?? []), endpoint.upload.file];
    schema.body = { content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } };
  }
  const responses = (schema.response ?? {}) as Record<string, Schema>;
  // A 204 has no body: `type: 'null'` is what @fastify/swagger reads as "no content" (zod's null
  // becomes a nullable schema in OpenAPI 3.0, which would document a JSON body).
  if (responses['204']) responses['204'] = { type: 'null', description: 'No content' };
  if (endpoint.cookies?.length) {
    const success = Object.keys(responses).find((status) => status.startsWith('2'));
    if (success) {
      responses[success] = {
        ...responses[success],
        headers: { 'Set-Cookie': { type: 'string', description: `Sets or clears: ${endpoint.cookies.join(', ')} (HttpOnly)` } },
      };
    }
  }
  if (endpoint.redirect) {
    responses['302'] = { type: 'null', description: `Redirect: ${endpoint.redirect}`, headers: { Location: { type: 'string' } } };
  }
  schema.response = responses;
  return result;
}
