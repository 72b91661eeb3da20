import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import {
  errorResponseSchema,
  jsonAnswer,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  type FileAnswer,
  type NoContent,
} from '@grove/shared';

/** The request of an endpoint's handler: params, query and body as its schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

/**
 * What a handler gives back: the JSON answer (sent with the endpoint's status), nothing for a 204,
 * or the reply it has sent itself — always for a file answer (headers and a file, stream or
 * redirect), and for an answer of its own (an error with a shape of its own, e.g. sign-in's 400).
 * Whatever is sent, the response schemas of the declaration serialize it.
 */
export type EndpointAnswer<E extends Endpoint> =
  | FastifyReply
  | (E['response'] extends NoContent ? void : E['response'] extends FileAnswer ? never : EndpointResult<E>);

export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>> | EndpointAnswer<E>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared declaration a route was registered from (`route()`); absent on the exceptions. */
    endpoint?: Endpoint;
  }
}

const ERRORS = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** OpenAPI's "any bytes" (the serializer never sees them: Fastify sends buffers, streams and non-JSON text as they are). */
const binary = z.string().meta({ format: 'binary' });

function fileContent(file: FileAnswer): Record<string, { schema: ZodType }> {
  return Object.fromEntries(file.contentTypes.map((type) => [type, { schema: binary }]));
}

/** The success entry of the route's response schema (also what OpenAPI documents). */
function successSchema(endpoint: Endpoint): Record<number, unknown> {
  const { response } = endpoint;
  const status = endpoint.status ?? 200;
  if (response instanceof z.ZodType) return { [status]: response };
  switch (response.answer) {
    case 'none':
      return { 204: z.null().describe('No content') };
    case 'file':
      return { [status]: { description: response.description, content: fileContent(response) } };
    case 'json-or-file':
      return {
        [status]: {
          description: `JSON, or ${response.file.description}`,
          content: { 'application/json': { schema: response.json }, ...fileContent(response.file) },
        },
      };
  }
}

/**
 * Registers the route of a shared endpoint (docs/decisions/030-endpoint-contract-and-typed-data.md):
 * method, path, spec §6 access key, params/query/body validation, the response schema (and with it
 * the OpenAPI document) all come from the declaration in `@grove/shared`. The handler returns the
 * JSON answer (sent with the endpoint's status), nothing (204), or — for a file answer — the reply
 * it has sent itself.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  /** Hooks of this route only (e.g. a role check before validation, so a refused caller learns nothing from field errors). */
  hooks: Pick<RouteShorthandOptions, 'preValidation' | 'bodyLimit'> = {},
): void {
  const schema: Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    response: { ...successSchema(endpoint), ...ERRORS, ...endpoint.errors },
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.upload) schema.consumes = ['multipart/form-data'];
  // OpenAPI: no bearer token needed.
  if (endpoint.access === 'public') schema.security = [];
  const noContent = !(endpoint.response instanceof z.ZodType) && endpoint.response.answer === 'none';
  const hasJson = jsonAnswer(endpoint.response) !== undefined;
  app.route({
    ...hooks,
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, endpoint },
    schema,
    handler: async (request, reply) => {
      // Fastify validated params, query and body with exactly the endpoint's schemas before this runs.
      const result: unknown = await handler(request as unknown as EndpointRequest<E>, reply);
      if (reply.sent || result === reply) return reply;
      if (noContent) return reply.code(204).send(null);
      if (!hasJson) throw new Error(`${endpoint.method} ${endpoint.path}: a file endpoint must send its reply`);
      return reply.code(endpoint.status ?? 200).send(result);
    },
  });
}
