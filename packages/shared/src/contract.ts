import type { z } from 'zod';
import type { AccessKey } from './access.js';

/**
 * One endpoint, declared once (docs/decisions/030-endpoint-contract-and-typed-data.md): the API
 * registers its route from this (access key, validation, OpenAPI), and the web calls it through a
 * client typed and checked by the same schemas.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify style: `/api/Kudos/:id`. */
  path: string;
  /** Spec §6 key the route declares (`config.access`). */
  access: AccessKey;
  summary: string;
  tags: readonly string[];
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success answer and its status (200 unless given). */
  response: Response;
  status?: 200 | 201 | 202;
}

export function defineEndpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return endpoint;
}

// `query?: Query` reads as `Query | undefined`: an endpoint without one has `undefined` here.
type Out<S> = [Exclude<S, undefined>] extends [never] ? undefined : z.output<Exclude<S, undefined> & z.ZodType>;
type In<S> = [Exclude<S, undefined>] extends [never] ? undefined : z.input<Exclude<S, undefined> & z.ZodType>;

/** What a handler receives (validated and parsed by the endpoint's schemas). */
export type EndpointParams<E extends Endpoint> = Out<E['params']>;
export type EndpointQuery<E extends Endpoint> = Out<E['query']>;
export type EndpointBody<E extends Endpoint> = Out<E['body']>;
/** What a handler returns (the response schema's input: it is serialized through the schema). */
export type EndpointResult<E extends Endpoint> = z.input<E['response']>;
/** What a client receives. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

type Optional<K extends string, V> = undefined extends V ? { [P in K]?: V } : { [P in K]: V };
/** What a client sends: only the parts the endpoint has. */
export type EndpointInput<E extends Endpoint> = Optional<'params', In<E['params']>> &
  Optional<'query', In<E['query']>> &
  Optional<'body', In<E['body']>>;

/** `/api/Kudos/:id` + `{ id }` → `/api/Kudos/42`; every `:name` must be given. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${path}: missing path parameter ${name}`);
    if (value === '') throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
