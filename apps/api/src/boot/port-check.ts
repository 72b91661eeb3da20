import { createServer } from 'node:net';
import { StartupError } from './data-dir.js';

/**
 * Fails fast when HOST:PORT is taken, before the database is opened or migrated: a second
 * `npm start` must not touch anything. Port 0 (any free port) is always fine.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new StartupError(`Port ${port} on ${host} is already in use: stop the other server or set PORT.`));
      else if (error.code === 'EACCES') reject(new StartupError(`Port ${port} on ${host} may not be used by this user: set PORT above 1023.`));
      else reject(new StartupError(`Cannot listen on ${host}:${port}: ${error.message}.`));
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
