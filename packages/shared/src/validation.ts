import english from './locales/en/validation.json';
import { interpolate } from './translate.js';

/**
 * The generic validation texts of spec §5: the keys of the `validation` namespace with their English
 * text (`locales/en/validation.json`; the other languages sit beside it, decision 035). Field errors
 * travel as `{ field: [text] }`; the web translates the key, the API rewrites English texts.
 */
export const VALIDATION_MESSAGES: Readonly<typeof english> = english;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export type FieldErrors = Record<string, string[]>;

/** Text of a validation key in English; the translate function lets callers pass another language. */
export function validationText(
  key: ValidationKey,
  values: Record<string, unknown> = {},
  translate?: (key: string, values: Record<string, unknown>) => string,
): string {
  return translate ? translate(`validation:${key}`, values) : interpolate(VALIDATION_MESSAGES[key], values);
}

/** Maps one zod issue to a validation key and its values. */
/**
 * What the mapper reads of an issue: a zod issue, or one rebuilt from another validator's report
 * (Fastify's schema errors, http/errors.ts) without pretending to be a zod issue.
 */
export interface IssueLike {
  code?: string;
  message: string;
  path: readonly PropertyKey[];
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

export function issueToMessage(issue: IssueLike): { key: ValidationKey; values: Record<string, unknown> } {
  if (issue.message && issue.message in VALIDATION_MESSAGES) {
    return { key: issue.message as ValidationKey, values: {} };
  }
  switch (issue.code) {
    case 'invalid_type':
      // zod omits the input from issues by default; its message names what was received.
      return { key: /received (undefined|null)/.test(issue.message) ? 'required' : 'invalid', values: {} };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? { key: 'required', values: {} } : { key: 'minLength', values: { min: issue.minimum } };
      }
      return { key: 'invalid', values: {} };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'maxLength', values: { max: issue.maximum } };
      return { key: 'invalid', values: {} };
    default:
      return { key: 'invalid', values: {} };
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English template → pattern capturing its `{{values}}`, built once. */
const ENGLISH_PATTERNS = (Object.keys(VALIDATION_MESSAGES) as ValidationKey[]).map((key) => ({
  key,
  pattern: new RegExp(`^${escapeRegExp(VALIDATION_MESSAGES[key]).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)')}$`),
}));

/**
 * A field error text in another language: English spec texts (however they were produced) are
 * recognised and rewritten from `texts`; anything else is returned as it is.
 */
export function translateValidationText(text: string, texts: Record<ValidationKey, string>): string {
  for (const { key, pattern } of ENGLISH_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return interpolate(texts[key], match.groups ?? {});
  }
  return text;
}

/** Turns zod issues into the spec's `{ field: [text] }` shape. */
export function toFieldErrors(
  issues: readonly IssueLike[],
  translate?: (key: string, values: Record<string, unknown>) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    const { key, values } = issueToMessage(issue);
    const text = validationText(key, values, translate);
    const list = (errors[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}
