import { acceptedExtensions, acceptedMimeTypes, maxBytesFor, type FileKind } from '@grove/shared';

export type PrecheckProblem = 'tooLarge' | 'wrongType' | 'empty';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Fast feedback before any byte is sent: size against the default limit, type by the browser's
 * MIME type or the extension. Only a hint: the server reads the content and decides.
 */
export function precheckFile(kind: FileKind, file: Pick<File, 'name' | 'size' | 'type'>): PrecheckProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > maxBytesFor(kind)) return 'tooLarge';
  const typeOk = file.type !== '' && acceptedMimeTypes(kind).includes(file.type.toLowerCase());
  const extensionOk = acceptedExtensions(kind).includes(extensionOf(file.name));
  return typeOk || extensionOk ? null : 'wrongType';
}

/** The `accept` attribute of the picker. */
export function acceptAttribute(kind: FileKind): string {
  return [...acceptedMimeTypes(kind), ...acceptedExtensions(kind)].join(',');
}

/** Types a browser shows in an <img> (HEIC mostly not): those get a local preview. */
export function canPreview(file: Pick<File, 'type'>): boolean {
  return ['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(file.type);
}
