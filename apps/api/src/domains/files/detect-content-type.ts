import { fileTypeFromBuffer } from 'file-type';
import { FILE_MIME_TYPES, PHOTO_MIME_TYPES, type FileKind } from '@grove/shared';

/** How many leading bytes are read before deciding (Office files need their zip entries). */
export const SNIFF_BYTES = 64 * 1024;

/** OLE containers (doc/xls/ppt and also msi…) look alike at the start: the name picks among the Office ones. */
const LEGACY_OFFICE_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const HEIF_TYPES: Record<string, string> = {
  'image/heic': 'image/heic',
  'image/heic-sequence': 'image/heic',
  'image/heif': 'image/heif',
  'image/heif-sequence': 'image/heif',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Text if the sample is UTF-8 without NUL or other control characters (tab, line breaks and form
 * feed aside). A multi-byte character cut at the end of the sample is not held against it.
 */
export function looksLikeText(sample: Uint8Array, complete: boolean): boolean {
  if (sample.length === 0) return false;
  let bytes = sample;
  if (!complete) {
    // Drop an incomplete trailing UTF-8 sequence (at most 3 bytes).
    let cut = bytes.length;
    for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
      const byte = bytes[i]!;
      if ((byte & 0xc0) === 0x80) continue;
      if (byte >= 0xc0) {
        const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
        if (bytes.length - i < need) cut = i;
      }
      break;
    }
    bytes = bytes.subarray(0, cut);
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decoded);
}

/**
 * The MIME type of an upload from its first bytes (never from the client's Content-Type), or null
 * when the content is not accepted for this kind. `name` only chooses between look-alikes:
 * CSV vs plain text, and which legacy Office format an OLE container is.
 */
export async function detectContentType(
  head: Uint8Array,
  options: { kind: FileKind; name: string; complete: boolean },
): Promise<string | null> {
  const detected = await fileTypeFromBuffer(head);
  const extension = extensionOf(options.name);
  let mime: string | null = null;
  if (detected) {
    if (detected.mime in HEIF_TYPES) mime = HEIF_TYPES[detected.mime]!;
    else if (detected.ext === 'cfb') mime = LEGACY_OFFICE_BY_EXTENSION[extension] ?? null;
    else mime = detected.mime;
  } else if (looksLikeText(head, options.complete)) {
    mime = extension === 'csv' ? 'text/csv' : 'text/plain';
  }
  if (!mime) return null;
  const accepted: readonly string[] = options.kind === 'photo' ? PHOTO_MIME_TYPES : FILE_MIME_TYPES;
  return accepted.includes(mime) ? mime : null;
}

export function isImageType(mime: string): boolean {
  return mime.startsWith('image/');
}

export function isHeif(mime: string): boolean {
  return mime === 'image/heic' || mime === 'image/heif';
}
