import { z } from 'zod';

/*
 * One rule for text from outside (issue 9 §8), applied to every request part by the API's
 * validator and available to forms:
 *   - control characters (C0 except tab, line feed and carriage return; DEL; C1) are refused:
 *     a NUL byte made PostgreSQL fail, and none of them belongs in anything a person types;
 *   - in names, bidirectional override and isolate characters (U+202A–U+202E, U+2066–U+2069) are
 *     removed: they can make a name display as something else ("Trojan source" spoofing).
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** Adds an `invalid` issue at every string (or object key) inside `value` that holds a control character. */
export function refuseControlCharacters(value: unknown, ctx: z.RefinementCtx, path: (string | number)[] = [], depth = 0): void {
  if (depth > 32) return;
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) ctx.addIssue({ code: 'custom', message: 'invalid', path, input: value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => refuseControlCharacters(item, ctx, [...path, index], depth + 1));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = [...path, hasControlCharacters(key) ? '_' : key];
      if (hasControlCharacters(key)) ctx.addIssue({ code: 'custom', message: 'invalid', path: at, input: key });
      refuseControlCharacters(item, ctx, at, depth + 1);
    }
  }
}

/** Any input (a body, a query, path parameters) checked by the rule above. */
export const withoutControlCharacters = z.unknown().superRefine((value, ctx) => refuseControlCharacters(value, ctx));

/** A person's or a record's name: bidi controls removed, trimmed, with length limits. */
export function nameText(max: number, min = 1) {
  return z.string().overwrite(withoutBidiControls).trim().min(min).max(max);
}
