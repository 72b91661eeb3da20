/**
 * `npm run create-admin -- --email admin@example.com --first Ada --last Admin [--language en]`
 * Creates an active System Admin. The password comes from GROVE_ADMIN_PASSWORD, or is asked for
 * (hidden, twice) on a terminal, or read as the first line of piped stdin. Uses the same
 * configuration as the server (DATABASE_URL or the embedded database in DATA_DIR). The embedded
 * database allows one process at a time: like the server, this takes the DATA_DIR lock first and
 * stops with one line naming the holder when a server is running on the folder.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type Language } from '@grove/shared';
import { StartupError, prepareDataDir } from '../boot/data-dir.js';
import { lockDataDir } from '../boot/data-dir-lock.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { AdminAccountError, createSystemAdmin } from '../domains/auth/admin-account.js';

const USAGE = 'Usage: npm run create-admin -- --email <email> --first <first name> --last <last name> [--language en|zh|es|ja|de|fr]';

function readHidden(prompt: string): Promise<string> {
  return new Promise((done, fail) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          done(value);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          fail(new AdminAccountError('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readFirstLine(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) {
    data += String(chunk);
    if (data.includes('\n')) break;
  }
  return data.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.GROVE_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await readHidden('Password for the new admin: ');
  const again = await readHidden('Repeat the password: ');
  if (first !== again) throw new AdminAccountError('The passwords do not match.');
  return first;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      language: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.email || !values.first || !values.last) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.language && !(LANGUAGES as readonly string[]).includes(values.language)) {
    console.error(`--language must be one of ${LANGUAGES.join(', ')}`);
    return 2;
  }
  // npm runs workspace scripts inside apps/api; a relative DATA_DIR means the caller's directory.
  const env = { ...process.env };
  if (!env.DATABASE_URL) env.DATA_DIR = resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data');
  const config = loadConfig(env);
  let lock;
  if (!config.databaseUrl) {
    prepareDataDir(config.dataDir);
    lock = lockDataDir(config.dataDir, 'create-admin');
  }
  const password = await readPassword();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteThread: config.pgliteThread });
  try {
    await database.migrate();
    const admin = await createSystemAdmin(database.db, {
      email: values.email,
      firstName: values.first,
      lastName: values.last,
      password,
      ...(values.language ? { language: values.language as Language } : {}),
    });
    console.log(`Created System Admin ${admin.username}. Sign in with this email and the password you chose.`);
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminAccountError || error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
