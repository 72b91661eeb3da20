export interface GpsPosition {
  latitude: number;
  longitude: number;
}

const GPS_IFD_POINTER = 0x8825;
const TAG_LAT_REF = 1;
const TAG_LAT = 2;
const TAG_LON_REF = 3;
const TAG_LON = 4;
const TYPE_ASCII = 2;
const TYPE_RATIONAL = 5;
const TYPE_SRATIONAL = 10;

/**
 * Reads the GPS position from a raw EXIF block (as sharp's `metadata().exif` gives it: optional
 * `Exif\0\0`, then a TIFF structure). Returns null for anything missing, malformed or out of range:
 * a bad EXIF block must never fail an upload.
 */
export function readExifGps(exif: Uint8Array | undefined): GpsPosition | null {
  if (!exif || exif.length < 14) return null;
  const start = exif[0] === 0x45 && exif[1] === 0x78 && exif[2] === 0x69 && exif[3] === 0x66 ? 6 : 0;
  const view = new DataView(exif.buffer, exif.byteOffset + start, exif.byteLength - start);
  const size = view.byteLength;
  try {
    const order = view.getUint16(0);
    const little = order === 0x4949;
    if (!little && order !== 0x4d4d) return null;
    if (view.getUint16(2, little) !== 42) return null;
    const u16 = (at: number) => view.getUint16(at, little);
    const u32 = (at: number) => view.getUint32(at, little);

    const entries = (ifd: number) => {
      const count = u16(ifd);
      const list: { tag: number; type: number; count: number; at: number }[] = [];
      for (let i = 0; i < count && ifd + 2 + i * 12 + 12 <= size; i++) {
        const at = ifd + 2 + i * 12;
        list.push({ tag: u16(at), type: u16(at + 2), count: u32(at + 4), at });
      }
      return list;
    };

    const ifd0 = u32(4);
    const pointer = entries(ifd0).find((e) => e.tag === GPS_IFD_POINTER);
    if (!pointer) return null;
    const gps = entries(u32(pointer.at + 8));
    const find = (tag: number) => gps.find((e) => e.tag === tag);

    const ref = (tag: number): string | null => {
      const entry = find(tag);
      if (!entry || entry.type !== TYPE_ASCII || entry.count < 1) return null;
      return String.fromCharCode(view.getUint8(entry.at + 8)).toUpperCase();
    };
    const degrees = (tag: number): number | null => {
      const entry = find(tag);
      if (!entry || entry.count !== 3 || (entry.type !== TYPE_RATIONAL && entry.type !== TYPE_SRATIONAL)) return null;
      const offset = u32(entry.at + 8);
      if (offset + 24 > size) return null;
      const parts = [0, 1, 2].map((i) => {
        const at = offset + i * 8;
        const num = entry.type === TYPE_SRATIONAL ? view.getInt32(at, little) : u32(at);
        const den = entry.type === TYPE_SRATIONAL ? view.getInt32(at + 4, little) : u32(at + 4);
        return den === 0 ? Number.NaN : num / den;
      });
      const value = parts[0]! + parts[1]! / 60 + parts[2]! / 3600;
      return Number.isFinite(value) ? value : null;
    };

    const latRef = ref(TAG_LAT_REF);
    const lonRef = ref(TAG_LON_REF);
    const lat = degrees(TAG_LAT);
    const lon = degrees(TAG_LON);
    if (lat === null || lon === null || !latRef || !lonRef) return null;
    const latitude = latRef === 'S' ? -lat : lat;
    const longitude = lonRef === 'W' ? -lon : lon;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude: Math.round(latitude * 1e7) / 1e7, longitude: Math.round(longitude * 1e7) / 1e7 };
  } catch {
    // RangeError from a truncated or lying block.
    return null;
  }
}
