import fc, { type Arbitrary } from 'fast-check';

/*
 * fast-check arbitraries from the OpenAPI (JSON Schema) of a route, for the contract fuzz test:
 * values that fit the schema, and the hostile ones a client can send instead — wrong types,
 * missing and extra fields, empty, huge, control characters, unicode.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Strings that have broken servers: control characters, bidi, astral plane, SQL and path bits. */
export const nastyString: Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u001b[31m', '\u202Eevil', '\uD83D\uDE00', '\uD800', "'; drop table users; --", '../../etc/passwd', '%00', '\\', '"', '{}', 'null', 'NaN', '-1', '1e309'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((text) => text.repeat(500)),
);

export const anyValue: Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, fc.integer()), { maxKeys: 3 }),
);

function typesOf(schema: JsonSchema): string[] {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return schema.nullable ? [...declared, 'null'] : declared;
}

function fittingString(schema: JsonSchema, pool: readonly string[]): Arbitrary<string> {
  if (schema.format === 'uuid') return pool.length ? fc.oneof(fc.constantFrom(...pool), fc.uuid()) : fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
}

/** A value that fits the schema (ids drawn from `pool` so some requests reach real records). */
export function fitting(schema: JsonSchema | undefined, pool: readonly string[], depth = 0): Arbitrary<unknown> {
  if (!schema || depth > 6) return anyValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((item) => fitting(item, pool, depth + 1)));
  if (schema.allOf?.length) return fitting(Object.assign({}, ...schema.allOf) as JsonSchema, pool, depth + 1);
  const types = typesOf(schema);
  const options: Arbitrary<unknown>[] = [];
  for (const type of types.length ? types : ['object']) {
    if (type === 'null') options.push(fc.constant(null));
    else if (type === 'string') options.push(fittingString(schema, pool));
    else if (type === 'integer') options.push(fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9) }));
    else if (type === 'number') options.push(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'array') options.push(fc.array(fitting(schema.items, pool, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) }));
    else if (type === 'object') options.push(fittingObject(schema, pool, depth));
  }
  return options.length ? fc.oneof(...options) : anyValue;
}

function fittingObject(schema: JsonSchema, pool: readonly string[], depth: number): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fitting(value, pool, depth + 1)]));
  return fc.record(shape, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
}

/** What a client may send where `schema` is expected: mostly near-fits, often broken on purpose. */
export function hostile(schema: JsonSchema | undefined, pool: readonly string[]): Arbitrary<unknown> {
  const fit = fitting(schema, pool);
  const variants: Arbitrary<unknown>[] = [fit, anyValue];
  if (schema?.properties) {
    const keys = Object.keys(schema.properties);
    variants.push(
      // one field with the wrong kind of value
      fc.tuple(fit, fc.constantFrom(...keys), anyValue).map(([value, key, wrong]) => ({ ...(value as object), [key]: wrong })),
      // a required field missing
      fc.tuple(fit, fc.constantFrom(...keys)).map(([value, key]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
      // extra fields
      fc.tuple(fit, fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 3 })).map(([value, extra]) => ({ ...extra, ...(value as object) })),
    );
  }
  return fc.oneof(...variants);
}

/** A path or query value: fitting, or any of the nasty strings (everything travels as text). */
export function hostileText(schema: JsonSchema | undefined, pool: readonly string[]): Arbitrary<string> {
  return fc.oneof(
    fitting(schema, pool).map((value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')),
    nastyString,
    ...(pool.length ? [fc.constantFrom(...pool)] : []),
  );
}
