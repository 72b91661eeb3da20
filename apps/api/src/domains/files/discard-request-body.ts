import type { IncomingMessage } from 'node:http';

/**
 * After refusing an upload, reads the rest of the request body to nothing and resolves when it has
 * ended; only then is the 413/415 sent. Two reasons: busboy stops reading once a file passes its
 * size limit, and Node stops reading a request whose response has finished — either way the
 * client would hang mid-upload, and browsers report an unfinished upload as a network error rather
 * than our answer. Past `capBytes` (or `timeoutMs`) the connection is closed instead.
 */
export function discardRequestBody(raw: IncomingMessage, capBytes: number, timeoutMs = 60_000): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const timer = setTimeout(() => raw.destroy(), timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    raw.unpipe();
    raw.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > capBytes) raw.destroy();
    });
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}
