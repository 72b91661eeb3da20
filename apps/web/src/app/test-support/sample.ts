/* Test-only: valid answers of the API contract for the fake fetch (app/endpoint-client.ts checks every answer). */
import { z } from 'zod';

type Def = { type: string; [key: string]: unknown };
type AnySchema = z.core.$ZodType;

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

function defOf(schema: AnySchema): Def {
  return schema._zod.def as unknown as Def;
}

function sampleString(schema: AnySchema): string {
  const def = defOf(schema) as Def & { format?: string; checks?: AnySchema[] };
  switch (def.format) {
    case 'uuid':
    case 'guid':
      return SAMPLE_UUID;
    case 'email':
      return 'sample@example.test';
    case 'datetime':
      return '2026-01-05T09:00:00.000Z';
    case 'date':
      return '2026-01-05';
    case 'time':
      return '09:00:00';
    case 'url':
      return 'https://example.test/';
    default:
      break;
  }
  const minimum = (def.checks ?? [])
    .map((check) => defOf(check) as Def & { check?: string; minimum?: number })
    .filter((check) => check.check === 'min_length')
    .reduce((most, check) => Math.max(most, check.minimum ?? 0), 0);
  return 'Sample'.padEnd(Math.max(6, minimum), 'x');
}

function sampleNumber(schema: AnySchema): number {
  const def = defOf(schema) as Def & { checks?: AnySchema[] };
  const minimum = (def.checks ?? [])
    .map((check) => defOf(check) as Def & { check?: string; value?: number })
    .filter((check) => check.check === 'greater_than')
    .reduce((most, check) => Math.max(most, check.value ?? 0), 0);
  return Math.max(1, Math.ceil(minimum));
}

/** A plain value the schema accepts: first enum value, `null` for nullable, no optional fields, empty lists. */
export function sampleValue(schema: AnySchema): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return sampleString(schema);
    case 'number':
    case 'int':
      return sampleNumber(schema);
    case 'bigint':
      return 1n;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'undefined':
    case 'void':
    case 'optional':
      return undefined;
    case 'nullable':
      return null;
    case 'any':
    case 'unknown':
      return null;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'array':
      return [];
    case 'record':
      return {};
    case 'default':
    case 'prefault': {
      const value = def.defaultValue;
      return typeof value === 'function' ? (value as () => unknown)() : value;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries((schema as unknown as z.ZodObject).shape)) {
        const value = sampleValue(field as AnySchema);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'union':
      return sampleValue((def.options as AnySchema[])[0]!);
    case 'intersection':
      return { ...(sampleValue(def.left as AnySchema) as object), ...(sampleValue(def.right as AnySchema) as object) };
    case 'pipe':
      return sampleValue(def.in as AnySchema);
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'lazy':
      return sampleValue((def.innerType ?? (def.getter as () => AnySchema)()) as AnySchema);
    default:
      throw new Error(`sample: no sample for a ${def.type} schema`);
  }
}

type DeepPartial<T> = T extends readonly (infer U)[] ? readonly DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

function merge(base: unknown, overrides: unknown): unknown {
  if (overrides === undefined) return base;
  if (base && typeof base === 'object' && !Array.isArray(base) && overrides && typeof overrides === 'object' && !Array.isArray(overrides)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [key, value] of Object.entries(overrides)) out[key] = merge(out[key], value);
    return out;
  }
  return overrides;
}

/**
 * A valid answer of `schema` with the fields a test cares about given (nested objects merge; lists
 * replace). Throws when the result still breaks the schema, so a fake can never drift from it.
 */
export function sample<S extends z.ZodType>(schema: S, overrides?: DeepPartial<z.input<S>>): z.input<S> {
  const value = merge(sampleValue(schema), overrides);
  const checked = z.safeParse(schema, value);
  if (!checked.success) throw new Error(`sample: not a valid answer: ${JSON.stringify(checked.error.issues)}`);
  return value as z.input<S>;
}
