import exifr from 'exifr';

export interface GpsPosition {
  latitude: number;
  longitude: number;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/**
 * The GPS position of a raw EXIF block (as sharp's `metadata().exif` gives it: optional
 * `Exif\0\0`, then a TIFF structure), read with exifr. Null for anything missing, malformed or out
 * of range: a bad EXIF block must never fail an upload.
 */
export async function readExifGps(exif: Uint8Array | undefined): Promise<GpsPosition | null> {
  if (!exif || exif.length < 14) return null;
  const block = Buffer.from(exif.buffer, exif.byteOffset, exif.byteLength);
  const tiff = block.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER) ? block.subarray(EXIF_HEADER.length) : block;
  try {
    const gps = await exifr.gps(tiff);
    if (!gps) return null;
    const { latitude, longitude } = gps;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  } catch {
    return null;
  }
}
