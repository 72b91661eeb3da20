import { FILE_UPLOAD_FORM, FILES_ENDPOINTS, type FileKind, type UploadedFile } from '@grove/shared';
import { getToken, refreshToken } from '../../app/api-client';
import { currentLanguage } from '../../app/i18n';
import { tokenExpiry } from '../../app/session-store';

/** A failed upload: `status` 0 is a network failure; `message` is the server's text when it sent one. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export class UploadCancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'UploadCancelledError';
  }
}

export interface UploadOptions {
  customerId?: string;
  /** Sent as Idempotency-Key: the same file's retries reuse it, so it is stored once. */
  idempotencyKey?: string;
  /** 0..1 as bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The upload endpoints of the contract (packages/shared/src/endpoints/files.ts). */
const UPLOADS = { photo: FILES_ENDPOINTS.uploadPhoto, file: FILES_ENDPOINTS.uploadFile } as const satisfies Record<FileKind, unknown>;

const REFRESH_MARGIN_SECONDS = 60;

/** The stored token, refreshed first when it is about to expire (an upload can outlast a short token). */
async function tokenForUpload(): Promise<string | null> {
  const token = getToken();
  const exp = token ? tokenExpiry(token) : null;
  if (exp !== null && exp - Date.now() / 1000 < REFRESH_MARGIN_SECONDS) {
    try {
      await refreshToken();
    } catch {
      // Offline: the upload's own error will tell.
    }
  }
  return getToken();
}

function serverMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}

/**
 * POST one file as multipart (`customerId` first, then `file`, so the server can check the
 * customer before reading the bytes). XMLHttpRequest rather than fetch: only it reports upload
 * progress. Credentials go along so the session's fingerprint cookie does too.
 */
export async function uploadFile(kind: FileKind, file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  if (options.signal?.aborted) throw new UploadCancelledError();
  const token = await tokenForUpload();
  const endpoint = UPLOADS[kind];
  const form = new FormData();
  if (options.customerId) form.append('customerId', options.customerId);
  form.append(FILE_UPLOAD_FORM.file, file, file.name);

  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpoint.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status === 201 || xhr.status === 200) {
        const parsed = endpoint.response.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) resolve(parsed.data);
        else reject(new UploadError(xhr.status, ''));
        return;
      }
      reject(new UploadError(xhr.status, serverMessage(xhr)));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError(0, ''));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadCancelledError());
    };
    xhr.send(form);
  });
}
