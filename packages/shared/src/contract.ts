import { z } from 'zod';
import type { AccessKey } from './access.js';

/**
 * One endpoint, declared once (docs/decisions/030-endpoint-contract-and-typed-data.md): the API
 * registers its route from this (access key, validation, OpenAPI), and the web calls it through a
 * client typed and checked by the same schemas.
 */

/** An answer that is not JSON: a file (CSV, XLSX, PDF, image, any stored file) or a stream. */
export interface FileAnswer {
  readonly answer: 'file';
  /** What the Content-Type may be (`*\/*` for stored files of any type). */
  readonly contentTypes: readonly [string, ...string[]];
  readonly description: string;
}

/** 204: the answer has no body. */
export interface NoContent {
  readonly answer: 'none';
}

/** JSON by default, a file when the query asks for one (`format=csv|xlsx|pdf`). */
export interface JsonOrFile<S extends z.ZodType = z.ZodType> {
  readonly answer: 'json-or-file';
  readonly json: S;
  readonly file: FileAnswer;
}

export type Answer = z.ZodType | FileAnswer | NoContent | JsonOrFile;

export function fileAnswer(contentTypes: readonly [string, ...string[]], description: string): FileAnswer {
  return { answer: 'file', contentTypes, description };
}

export const noContent: NoContent = { answer: 'none' };

export function jsonOrFile<S extends z.ZodType>(json: S, file: FileAnswer): JsonOrFile<S> {
  return { answer: 'json-or-file', json, file };
}

export const CSV_ANSWER = fileAnswer(['text/csv'], 'CSV, UTF-8 with BOM');
export const PDF_ANSWER = fileAnswer(['application/pdf'], 'PDF');

/** A multipart/form-data body: the text fields (sent first) and the one file field. */
export interface Upload<Fields extends z.ZodObject = z.ZodObject> {
  readonly file: string;
  readonly fields: Fields;
}

export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends Answer = Answer,
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
  /**
   * A multipart/form-data body instead of `body` (the handler reads the stream itself and checks
   * the fields with `upload.fields`; OpenAPI shows the form).
   */
  upload?: Upload;
  /** The success answer: a schema (JSON), `fileAnswer(…)`, `noContent` (204) or `jsonOrFile(…)`. */
  response: Response;
  /** Status of a JSON or file answer (200 unless given); `noContent` is always 204. */
  status?: 200 | 201 | 202;
  /**
   * Error answers besides the usual 400/401/403/404/409 (`{ 429: errorResponseSchema }`), or one
   * of those with a different shape (OpenAPI lists them; the serializer keeps only their fields).
   */
  errors?: Readonly<Record<number, z.ZodType>>;
  /** Cookies the answer sets or clears (OpenAPI documents a Set-Cookie header). */
  cookies?: readonly string[];
  /** The answer may instead be a 302 redirect to the described place. */
  redirect?: string;
}

export function defineEndpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends Answer = z.ZodType,
>(endpoint: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return endpoint;
}

/** The JSON schema of an answer (a `jsonOrFile`'s JSON part); undefined for files and 204. */
export function jsonAnswer(answer: Answer): z.ZodType | undefined {
  if (answer instanceof z.ZodType) return answer;
  return answer.answer === 'json-or-file' ? answer.json : undefined;
}

/** The file answer of an endpoint (also a `jsonOrFile`'s); undefined for JSON and 204. */
export function fileAnswerOf(answer: Answer): FileAnswer | undefined {
  if (answer instanceof z.ZodType) return undefined;
  return answer.answer === 'file' ? answer : answer.answer === 'json-or-file' ? answer.file : undefined;
}

// `query?: Query` reads as `Query | undefined`: an endpoint without one has `undefined` here.
type Out<S> = [Exclude<S, undefined>] extends [never] ? undefined : z.output<Exclude<S, undefined> & z.ZodType>;
type In<S> = [Exclude<S, undefined>] extends [never] ? undefined : z.input<Exclude<S, undefined> & z.ZodType>;

type JsonOf<R> = R extends JsonOrFile<infer S> ? S : R extends z.ZodType ? R : never;

/** Endpoints whose answer is JSON (alone or besides a file), or nothing (204). */
export type JsonEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | JsonOrFile | NoContent>;
/** Endpoints that can answer a file. */
export type FileEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, FileAnswer | JsonOrFile>;

/** What a handler receives (validated and parsed by the endpoint's schemas). */
export type EndpointParams<E extends Endpoint> = Out<E['params']>;
export type EndpointQuery<E extends Endpoint> = Out<E['query']>;
export type EndpointBody<E extends Endpoint> = Out<E['body']>;
/** What a handler returns as JSON (the response schema's input: it is serialized through the schema). */
export type EndpointResult<E extends Endpoint> = [JsonOf<E['response']>] extends [never] ? never : z.input<JsonOf<E['response']>>;
/** What a client receives: the parsed JSON, or nothing for a 204. */
export type EndpointResponse<E extends Endpoint> = E['response'] extends NoContent ? void : z.output<JsonOf<E['response']>>;

/** A part is optional when it may be left out: no schema, or one whose every field is optional. */
type Optional<K extends string, V> = undefined extends V ? { [P in K]?: V } : object extends V ? { [P in K]?: V } : { [P in K]: V };
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
