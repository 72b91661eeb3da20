import { useEffect, useState } from 'react';
import { offlineDb, offlineStoreAvailable } from './outbox-db';
import { preparePhotos } from './outbox';

/*
 * Photos picked without a network for a record that is itself still being written (an orange
 * report draft, decision 019): downscaled like every queued photo and kept in the offline store's
 * `blobs` until the record is queued. On the form such a photo's file id is `local-photo:<blobId>`;
 * the outbox uploads it first and puts the server's file id in its place.
 */

export const LOCAL_PHOTO_PREFIX = 'local-photo:';

export function isLocalPhotoId(fileId: string): boolean {
  return fileId.startsWith(LOCAL_PHOTO_PREFIX);
}

export function localPhotoBlobId(fileId: string): string {
  return fileId.slice(LOCAL_PHOTO_PREFIX.length);
}

/** Downscales and stores picked photos; answers their form ids (`local-photo:<blobId>`) and names. */
export async function storeLocalPhotos(files: readonly File[]): Promise<{ fileId: string; name: string }[]> {
  if (!offlineStoreAvailable()) return [];
  const prepared = await preparePhotos(files);
  const db = await offlineDb();
  const out: { fileId: string; name: string }[] = [];
  for (const photo of prepared) {
    const id = crypto.randomUUID();
    await db.put('blobs', { id, blob: photo.blob });
    out.push({ fileId: `${LOCAL_PHOTO_PREFIX}${id}`, name: photo.name });
  }
  return out;
}

export async function readLocalPhoto(fileId: string): Promise<Blob | null> {
  if (!offlineStoreAvailable()) return null;
  const stored = await (await offlineDb()).get('blobs', localPhotoBlobId(fileId));
  return stored?.blob ?? null;
}

export async function deleteLocalPhotos(fileIds: readonly string[]): Promise<void> {
  if (!offlineStoreAvailable() || !fileIds.length) return;
  const db = await offlineDb();
  const tx = db.transaction('blobs', 'readwrite');
  for (const fileId of fileIds) if (isLocalPhotoId(fileId)) await tx.store.delete(localPhotoBlobId(fileId));
  await tx.done;
}

/** An object URL for a photo kept on the device (null while it loads or when it is gone). */
export function useLocalPhotoUrl(fileId: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId || !isLocalPhotoId(fileId)) return;
    let made: string | null = null;
    let live = true;
    void readLocalPhoto(fileId).then((blob) => {
      if (!live || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId]);
  return url;
}
