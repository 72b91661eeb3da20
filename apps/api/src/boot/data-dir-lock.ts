import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { flockSync } from 'fs-ext';
import { StartupError, reasonOf } from './data-dir.js';

/*
 * One process per embedded database (docs/decisions/010-data-dir-lock.md). PGlite has no
 * postmaster of its own to refuse a second opener, so Grove takes an exclusive flock(2) on
 * DATA_DIR/grove.lock before it opens anything. The lock belongs to the open file: the kernel
 * drops it when the process ends in any way (exit, crash, kill -9), so there is never a stale lock
 * to clean up. The file's text only says who holds it, for the message the next process prints.
 */

export const LOCK_FILE = 'grove.lock';

export interface LockHolder {
  pid: number;
  host: string;
  /** What the holder is: `server on port 3000`, `create-admin`. */
  role: string;
  since: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function describe(holder: Partial<LockHolder> | null): string {
  if (!holder?.pid) return 'another Grove process';
  return `Grove ${holder.role ?? 'process'} (pid ${holder.pid} on ${holder.host ?? 'this machine'}, since ${holder.since ?? 'an unknown time'})`;
}

function readHolder(path: string): Partial<LockHolder> | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
  } catch {
    return null;
  }
}

/**
 * Takes the lock or throws a StartupError naming the folder and the holder. `role` is written
 * into the lock file for the next process's message.
 */
export function lockDataDir(dataDir: string, role: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  let fd: number;
  try {
    // 'a+' creates the file without truncating it: the holder's text must survive our open.
    fd = openSync(path, 'a+', 0o600);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} cannot be locked: ${reasonOf(error)}.`);
  }
  try {
    flockSync(fd, 'exnb');
  } catch (error) {
    closeSync(fd);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
      throw new StartupError(`DATA_DIR ${dataDir} is in use by ${describe(readHolder(path))}: stop it first, or give this process another DATA_DIR.`);
    }
    throw new StartupError(`DATA_DIR ${dataDir} cannot be locked: ${reasonOf(error)}.`);
  }
  const holder: LockHolder = { pid: process.pid, host: hostname(), role, since: new Date().toISOString() };
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(holder), 0);
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      // Closing the descriptor drops the lock; the file stays (removing it would race a new holder).
      closeSync(fd);
    },
  };
}
