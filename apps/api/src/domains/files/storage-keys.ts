import type { FileKind } from '@grove/shared';

/** Server-chosen names: `<kind>s/<yyyy>/<mm>/<file id>/<variant>`. The client's name is never part of it. */
export function storageKeys(kind: FileKind, id: string, now = new Date()) {
  const base = `${kind}s/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id.toLowerCase()}`;
  return { original: `${base}/original`, web: `${base}/web.webp`, thumb: `${base}/thumb.webp` };
}
