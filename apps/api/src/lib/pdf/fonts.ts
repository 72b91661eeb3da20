import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '@grove/shared';

/*
 * Noto fonts from npm (docs/decisions: the PDF module), embedded as subsets by pdfkit so every
 * interface language renders: Noto Sans for Latin scripts, Noto Sans SC (Hans) for Chinese and
 * Noto Sans JP for Japanese. The CJK files are large (5–9 MB), so each is read once, on first use.
 */

const require = createRequire(import.meta.url);

export type FontFamily = 'latin' | 'sc' | 'jp';
export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontFamily, { pkg: string; regular: string; bold: string }> = {
  latin: { pkg: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  sc: { pkg: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  jp: { pkg: '@embedpdf/fonts-jp', regular: 'NotoSansJP-Regular.otf', bold: 'NotoSansJP-Bold.otf' },
};

const cache = new Map<string, Buffer>();

/** The font file's bytes (the packages export no paths: their fonts folder sits beside dist/). */
export function fontBytes(family: FontFamily, weight: FontWeight): Buffer {
  const key = `${family}-${weight}`;
  let bytes = cache.get(key);
  if (!bytes) {
    const spec = FILES[family];
    const packageRoot = dirname(dirname(require.resolve(spec.pkg)));
    bytes = readFileSync(join(packageRoot, 'fonts', spec[weight]));
    cache.set(key, bytes);
  }
  return bytes;
}

const CJK = /[\u2E80-\u2FDF\u3000-\u30FF\u3100-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * The family for a run of text in a document of `language`: Chinese and Japanese documents use
 * their CJK font throughout (it has Latin glyphs too); others use Noto Sans and switch to a CJK
 * font only for runs that contain CJK characters (a customer's name, a typed signature).
 */
export function familyFor(language: Language, text: string): FontFamily {
  if (language === 'zh') return 'sc';
  if (language === 'ja') return 'jp';
  return hasCjk(text) ? 'sc' : 'latin';
}
