import type { IncomingMessage } from 'node:http';

/**
 * After refusing an upload, reads the rest of the request body to nothing so the client can send
 * its last bytes and read our 413/415. Needed because busboy stops reading the request once a file
 * passes its size limit, which would leave the request hanging. Past `capBytes` the connection is
 * closed instead.
 */
export function discardRequestBody(raw: IncomingMessage, capBytes: number): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > capBytes) raw.destroy();
  });
  raw.resume();
}
