import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FieldErrors } from '@grove/shared';
import { ApiError } from '../../app/api-client';
import { recheckFields, validate } from '../../app/validation';
import { toastError } from '../ui/toasts';

export interface SubmitOptions<S extends z.ZodType, R> {
  schema: S;
  /** What is validated and sent; defaults to the form values. */
  payload?: unknown;
  send: (data: z.infer<S>) => Promise<R>;
  /** Pickers whose empty value the schema reports as "not valid": say "required" instead. */
  required?: readonly string[];
}

/** Moves focus to the first field marked invalid in the form being submitted (or the page). */
function focusFirstInvalid(): void {
  const scope: ParentNode = document.activeElement?.closest('form') ?? document;
  requestAnimationFrame(() => scope.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Field errors of a field and of its items (`roles`, `roles.0`), joined for display under it. */
export function errorOf(errors: FieldErrors, field: string): string | undefined {
  const texts = Object.entries(errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .flatMap(([, list]) => list);
  return texts.length ? [...new Set(texts)].join(' ') : undefined;
}

/**
 * A form's values, dirty state, field errors and submit:
 * - `submit` validates with the shared zod schema (messages in the user's language), then sends;
 *   a 400 answer's `errors` land next to their fields; other failures become an error toast.
 * - A second submit while one runs does nothing (double submit is impossible).
 */
export function useForm<V extends object>(initial: V) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);

  // The schema of the last submit, and the fields changed since errors were last checked.
  const lastSchema = useRef<{ schema: z.ZodType; usesValues: boolean } | null>(null);
  const changed = useRef(new Set<string>());

  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    changed.current.add(String(field));
    setValues((previous) => ({ ...previous, [field]: value }));
  }, []);

  // A field showing an error is checked again as soon as it changes (issue 17 §8): fixed → the
  // message goes; still wrong → the current message shows. Without a schema (server errors) it goes.
  useEffect(() => {
    if (changed.current.size === 0) return;
    const fields = [...changed.current];
    changed.current.clear();
    const rule = lastSchema.current;
    setErrors((previous) => recheckFields(previous, fields, rule?.usesValues ? rule.schema : null, values, t));
  }, [values, t]);

  /** New values and baseline (after loading or saving): the form is clean again. */
  const reset = useCallback((next: V) => {
    setValues(next);
    setBaseline(next);
    setErrors({});
    setFormError(null);
  }, []);

  const submit = useCallback(
    async <S extends z.ZodType, R>({ schema, payload, send, required = [] }: SubmitOptions<S, R>): Promise<R | undefined> => {
      if (running.current) return undefined;
      const input = payload ?? values;
      // A payload built from the values (trimmed, renamed) cannot be re-derived per keystroke:
      // then a changed field's error is simply cleared.
      lastSchema.current = { schema, usesValues: payload === undefined };
      const checked = validate(schema, input, t);
      if (!checked.ok) {
        const record = input as Record<string, unknown>;
        const empty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
        for (const field of required) {
          if (checked.errors[field] && empty(record[field])) checked.errors[field] = [t('validation:required')];
        }
        setErrors(checked.errors);
        setFormError(null);
        focusFirstInvalid();
        return undefined;
      }
      running.current = true;
      setSubmitting(true);
      setErrors({});
      setFormError(null);
      try {
        return await send(checked.data);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
          setErrors(error.errors);
          setFormError(error.message);
          focusFirstInvalid();
        } else {
          const message = error instanceof Error && error.message ? error.message : t('layout:error.description');
          setFormError(message);
          toastError(message);
        }
        return undefined;
      } finally {
        running.current = false;
        setSubmitting(false);
      }
    },
    [values, t],
  );

  return {
    values,
    baseline,
    set,
    setValues,
    reset,
    errors,
    setErrors,
    error: (field: string) => errorOf(errors, field),
    formError,
    submitting,
    submit,
    dirty: !same(values, baseline),
  };
}

export type FormState<V extends object> = ReturnType<typeof useForm<V>>;
