import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  errorResponseSchema,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
} from '@grove/shared';

/** The request of an endpoint's handler: params, query and body as its schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResult<E>> | EndpointResult<E>;

const ERRORS = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * Registers the route of a shared endpoint (docs/decisions/030-endpoint-contract-and-typed-data.md):
 * method, path, spec §6 access key, params/query/body validation, the response schema (and with it
 * the OpenAPI document) all come from the declaration in `@grove/shared`. The handler returns the
 * answer; its status is the endpoint's (200 unless it says 201/202).
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  const schema: Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    response: { [endpoint.status ?? 200]: endpoint.response, ...ERRORS } satisfies Record<number, ZodType>,
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    schema,
    handler: async (request, reply) => {
      // Fastify validated params, query and body with exactly the endpoint's schemas before this runs.
      const result = await handler(request as unknown as EndpointRequest<E>, reply);
      if (reply.sent) return reply;
      return reply.code(endpoint.status ?? 200).send(result);
    },
  });
}
