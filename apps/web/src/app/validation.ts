import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '@grove/shared';

/**
 * Browser-side validation with the same shared zod schema the server uses; messages are the
 * spec §5 texts in the user's language (the `validation` namespace, shared with the API).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  t: TFunction,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: toFieldErrors(result.error.issues, (key, values) => t(key, values)) };
}

/** The text to show under a field: its messages joined, or undefined. */
export function fieldError(errors: FieldErrors | undefined, field: string): string | undefined {
  const list = errors?.[field];
  return list?.length ? list.join(' ') : undefined;
}

const belongsTo = (key: string, field: string) => key === field || key.startsWith(`${field}.`);

/**
 * Field errors after the user changed `fields`: each changed field that showed an error is checked
 * again against the schema, so a fixed field loses its message at once and a still-wrong one keeps
 * (or updates) it. Fields the user did not touch keep what they had until the next submit.
 */
export function recheckFields<S extends z.ZodType>(
  errors: FieldErrors,
  fields: readonly string[],
  schema: S | null,
  value: unknown,
  t: TFunction,
): FieldErrors {
  const touched = fields.filter((field) => Object.keys(errors).some((key) => belongsTo(key, field)));
  if (touched.length === 0) return errors;
  const next: FieldErrors = Object.fromEntries(Object.entries(errors).filter(([key]) => !touched.some((field) => belongsTo(key, field))));
  if (!schema) return next;
  const checked = validate(schema, value, t);
  if (checked.ok) return next;
  for (const [key, list] of Object.entries(checked.errors)) {
    if (touched.some((field) => belongsTo(key, field))) next[key] = list;
  }
  return next;
}
