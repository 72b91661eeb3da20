import type { FileKind } from '@grove/shared';
import { HttpError } from '../../http/errors.js';

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

export function uploadTooLarge(kind: FileKind, maxBytes: number): HttpError {
  return new HttpError(413, `The ${kind === 'photo' ? 'photo' : 'file'} is larger than ${megabytes(maxBytes)} MB.`);
}

export function imageTooManyPixels(): HttpError {
  return new HttpError(413, 'The image has too many pixels (more than 50 megapixels).');
}

export function unsupportedContent(kind: FileKind): HttpError {
  return new HttpError(
    415,
    kind === 'photo'
      ? 'This file is not a supported photo. Use JPEG, PNG, WebP or HEIC.'
      : 'This type of file is not accepted. Use PDF, Word, Excel, PowerPoint, an image, CSV or plain text.',
  );
}

export function unreadableImage(): HttpError {
  return new HttpError(415, 'The image could not be read. It may be damaged.');
}
