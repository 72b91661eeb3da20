import { buildApp } from './app.js';
import { StartupError, prepareDataDir } from './boot/data-dir.js';
import { lockDataDir, type DataDirLock } from './boot/data-dir-lock.js';
import { assertPortFree } from './boot/port-check.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { drainAndClose } from './http/drain.js';
import { seedDemoData } from './seed/demo.js';
import { fileStoreFor } from './domains/files/index.js';

/** A problem the operator can fix ends the process with one line, not a stack trace. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Order matters (issue 9 §1): the data folder is checked and locked, and the port found free,
 * before the database is opened or migrated, so a second `npm start` changes nothing.
 */
async function start(config: Config): Promise<void> {
  let lock: DataDirLock | undefined;
  try {
    prepareDataDir(config.dataDir);
    if (!config.databaseUrl) lock = lockDataDir(config.dataDir, `server on port ${config.port}`);
    await assertPortFree(config.host, config.port);
  } catch (error) {
    lock?.release();
    if (error instanceof StartupError) fail(error.message);
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteThread: config.pgliteThread, poolSize: config.databasePoolSize });
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.demoData) {
    const seeded = await seedDemoData(database.db, { password: config.demoPassword, log: app.log, files: fileStoreFor(config) });
    if (seeded) app.log.info('demo data seeded');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down: draining, then finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), (config.shutdownDrainSeconds + 15) * 1000).unref();
    try {
      await drainAndClose(app, config.shutdownDrainSeconds);
      await database.close();
      lock?.release();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Someone took the port between the check and now.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT.`);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${shownHost}:${port}`;
  const banner = [`\n  Grove is running at ${url}`, `  API docs: ${url}/api/docs`];
  if (config.demoData) {
    banner.push(`  Demo logins (password ${config.demoPassword}): see README, e.g. system-admin@demo.grove.test, property-manager@demo.grove.test`);
  }
  console.log(banner.join('\n') + '\n');
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
void start(config);
