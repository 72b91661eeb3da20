import { FILE_NAME_MAX_LENGTH, type FileKind } from '@grove/shared';

// Control characters, and bidi overrides that can make `gpj.exe` read as `exe.jpg`.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The client's file name made safe for display and Content-Disposition: the last path segment
 * only, NFC, no control or direction characters, trimmed, at most 200 characters (keeping the
 * extension). Never used as a storage path.
 */
export function sanitizeFileName(raw: string | undefined, kind: FileKind): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = base.normalize('NFC').replace(/\s/g, ' ').replace(UNSAFE, '').replace(/ +/g, ' ').trim();
  name = name.replace(/^\.+/, '').trim();
  if (!name) return kind === 'photo' ? 'photo' : 'file';
  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return chars.slice(0, FILE_NAME_MAX_LENGTH - [...extension].length).join('').trimEnd() + extension;
}

/** The same name with another extension (the served WebP variants). */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${extension}`;
}
