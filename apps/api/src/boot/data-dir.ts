import { closeSync, constants, existsSync, fsyncSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A start-up problem a person can fix: printed as one line, no stack trace. */
export class StartupError extends Error {}

const REASONS: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOENT: 'a part of the path does not exist',
};

export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Makes sure DATA_DIR exists and takes writes: creates it when missing and writes, syncs and
 * removes a probe file. A missing parent, a read-only mount or a full disk becomes one clear line.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    // Say why the nearest existing folder refuses it (read-only, full) rather than "missing".
    let ancestor = dirname(dataDir);
    while (!existsSync(ancestor) && ancestor !== dirname(ancestor)) ancestor = dirname(ancestor);
    throw new StartupError(`DATA_DIR ${dataDir} cannot be created: ${storageProblem(ancestor) ?? reasonOf(error)}.`);
  }
  if (!statSync(dataDir).isDirectory()) throw new StartupError(`DATA_DIR ${dataDir} is not a folder.`);
  const problem = storageProblem(dataDir);
  if (problem) throw new StartupError(`DATA_DIR ${dataDir} cannot be written: ${problem}. Grove keeps its database and files there.`);
}

/**
 * Whether the folder takes a small synced write right now; null when it does, else the reason.
 * Used at start and by /readyz, so a full or read-only disk shows before writes fail.
 */
export function storageProblem(dir: string): string | null {
  const probe = join(dir, `.write-probe-${process.pid}`);
  let fd: number | undefined;
  try {
    fd = openSync(probe, constants.O_CREAT | constants.O_WRONLY | constants.O_TRUNC, 0o600);
    writeSync(fd, 'grove');
    fsyncSync(fd);
    return null;
  } catch (error) {
    return reasonOf(error);
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(probe);
    } catch {
      // Nothing was created (read-only) or it is already gone.
    }
  }
}
