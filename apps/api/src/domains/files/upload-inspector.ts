import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export interface UploadInspectorOptions {
  /** Bytes allowed; one more fails the stream with `onTooLarge()`. */
  maxBytes: number;
  /** How many leading bytes `check` receives (fewer when the upload is shorter). */
  sniffBytes: number;
  /** Decides from the first bytes; throwing fails the stream before anything passes on. */
  check(head: Uint8Array, complete: boolean): Promise<void>;
  onTooLarge(): Error;
}

/**
 * Sits between the request's file stream and storage: counts bytes against the limit, hashes
 * (SHA-256) as the data goes by and holds back only the first `sniffBytes` until `check` has
 * accepted them. Memory use is that sample plus one chunk, whatever the upload's size.
 */
export class UploadInspector extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;

  constructor(private readonly options: UploadInspectorOptions) {
    super();
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.options.maxBytes) {
      callback(this.options.onTooLarge());
      return;
    }
    this.hash.update(chunk);
    if (this.checked) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < this.options.sniffBytes) {
      callback();
      return;
    }
    this.release(false, callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.checked) callback();
    else this.release(true, callback);
  }

  private release(complete: boolean, callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.options.check(head.subarray(0, this.options.sniffBytes), complete).then(
      () => {
        this.checked = true;
        callback(null, head);
      },
      (error: Error) => callback(error),
    );
  }
}
