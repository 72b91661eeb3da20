import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type Stringify = (data: unknown) => string;

/** A route's response schema: a zod schema, or (content-type answers) an object carrying one. */
function zodSchemaOf(maybeSchema: unknown): ZodType {
  if (maybeSchema instanceof z.ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`not a zod response schema: ${JSON.stringify(maybeSchema)}`);
}

type Json = Record<string, unknown>;

/**
 * What fast-json-stringify needs of a JSON Schema, no more: it writes only the properties a schema
 * names whatever `additionalProperties` says, but an `anyOf` makes it validate the value (Ajv) on
 * every call to pick a branch — where `additionalProperties: false` would refuse a row carrying an
 * extra column and patterns cost a regular expression per field. So: "X or null" becomes
 * `nullable` (no validation), and `additionalProperties: false` and `pattern` go; any other union
 * throws, and its route keeps zod.
 */
function forStringify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forStringify);
  if (typeof node !== 'object' || node === null) return node;
  const { additionalProperties, pattern: _pattern, anyOf, ...rest } = node as Json;
  if ('oneOf' in rest || 'allOf' in rest) throw new Error('union in a response schema');
  const out: Json = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, forStringify(value)]));
  if (additionalProperties !== undefined && additionalProperties !== false) out.additionalProperties = forStringify(additionalProperties);
  if (Array.isArray(anyOf)) {
    const isNull = (branch: unknown) => (branch as Json | null)?.type === 'null' && Object.keys(branch as Json).length === 1;
    const others = anyOf.filter((branch) => !isNull(branch));
    if (others.length === 1 && anyOf.length === 2 && typeof (others[0] as Json).type === 'string') return { ...out, ...(forStringify(others[0]) as Json), nullable: true };
    // A real union: zod takes the first branch that parses, fast-json-stringify validates with Ajv
    // (which may pick another): such a route keeps zod's serializer.
    throw new Error('union in a response schema');
  }
  return out;
}

/**
 * The response schema as fast-json-stringify code, or null when zod cannot say it in JSON Schema
 * (a transform, a date): such routes keep zod's own encode + JSON.stringify.
 */
function compiled(schema: ZodType): Stringify | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(forStringify(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * The serializer of every response (decision 036). The endpoint's response schema is the list of
 * fields that go out: it is compiled once per route into a fast-json-stringify function, which
 * writes exactly the properties the schema names (a column the schema does not name never leaves
 * the server) without building a copy of the answer first.
 *
 * `check` (every environment but production: tests and development) also runs zod over the answer
 * as before and refuses it (500) when it does not match the schema, or when the compiled output is
 * another JSON value than zod's (key order may differ), so every API test on both engines shows the
 * two agree. In production the server's own answer is not validated again on every call: zod's pass
 * cost 9–13% of the CPU of a list call (decision 036).
 */
export function responseSerializer(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = zodSchemaOf(maybeSchema);
    const fast = compiled(schema);
    const encoded = (data: unknown): unknown => {
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    if (!fast) return (data) => JSON.stringify(encoded(data));
    if (!options.check) return fast;
    return (data) => {
      const expected = JSON.stringify(encoded(data));
      const out = fast(data);
      if (out !== expected && !isDeepStrictEqual(JSON.parse(out), JSON.parse(expected))) {
        const message = `compiled serializer differs from zod:\n  compiled ${out}\n  zod      ${expected}`;
        throw new ResponseSerializationError(method, url, { cause: new z.ZodError([{ code: 'custom', message, path: [], input: data }]) });
      }
      return out;
    };
  };
}
