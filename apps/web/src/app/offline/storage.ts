/**
 * The device's storage (decision 019): `navigator.storage.estimate()` says how close the origin is
 * to its quota; `persist()` asks the browser not to evict the outbox under storage pressure.
 */
export interface StorageStatus {
  usage: number;
  quota: number;
  /** Less than 15 % or 100 MB of the quota left: warn before photos stop fitting. */
  low: boolean;
  persisted: boolean | null;
}

const LOW_FRACTION = 0.85;
const LOW_BYTES = 100 * 1024 * 1024;

export function isLow(usage: number, quota: number): boolean {
  if (!quota) return false;
  return usage / quota >= LOW_FRACTION || quota - usage < LOW_BYTES;
}

export async function storageStatus(): Promise<StorageStatus | null> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    const persisted = storage.persisted ? await storage.persisted() : null;
    return { usage, quota, low: isLow(usage, quota), persisted };
  } catch {
    return null;
  }
}

let asked = false;

/** Asks once per page for persistent storage (Chromium grants it to installed or engaged sites). */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist || asked) return null;
  asked = true;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}
