/**
 * The one interpolation rule of the translation catalogues (`src/locales/<lang>/<namespace>.json`,
 * decision 035): i18next's `{{name}}`, no escaping (texts are not HTML). The web gets it from
 * i18next itself; the API's translate function (apps/api/src/lib/i18n.ts) and the validation
 * texts use this copy, and the parity test reads placeholders with `placeholdersOf`.
 */
export type TranslationValues = Record<string, unknown>;

const PLACEHOLDER = /\{\{\s*(\w+)[^}]*\}\}/g;

export function interpolate(text: string, values: TranslationValues = {}): string {
  return text.replace(PLACEHOLDER, (_, name: string) => String((values[name] as string | number | undefined) ?? ''));
}

/** The names of a text's `{{placeholders}}`, sorted (with repeats, as written). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();
}
