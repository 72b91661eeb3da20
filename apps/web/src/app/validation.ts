import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '@grove/shared';

/**
 * Browser-side validation with the same shared zod schema the server uses; messages are the
 * spec §5 texts in the user's language (`validation.*` keys of the common namespace).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  t: TFunction,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: toFieldErrors(result.error.issues, (key, values) => t(key, { ns: 'common', ...values })) };
}

/** The text to show under a field: its messages joined, or undefined. */
export function fieldError(errors: FieldErrors | undefined, field: string): string | undefined {
  const list = errors?.[field];
  return list?.length ? list.join(' ') : undefined;
}
