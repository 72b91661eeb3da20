/**
 * Photos are downscaled on the device before they are queued (decision 019): the long edge to
 * `VITE_OFFLINE_PHOTO_LONG_EDGE` pixels (default 2048), JPEG at quality 0.85. A phone's 12 MP
 * photo (3–5 MB) becomes about 0.5–1 MB. Images the browser cannot decode are kept as they are.
 */
const configured = Number(import.meta.env.VITE_OFFLINE_PHOTO_LONG_EDGE);
export const PHOTO_LONG_EDGE = Number.isInteger(configured) && configured >= 320 ? configured : 2048;
const JPEG_QUALITY = 0.85;

export interface DownscaledPhoto {
  blob: Blob;
  name: string;
  width?: number;
  height?: number;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.jpg`;
}

export function scaledSize(width: number, height: number, longEdge = PHOTO_LONG_EDGE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= longEdge) return { width, height };
  const ratio = longEdge / long;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export async function downscalePhoto(file: File, longEdge = PHOTO_LONG_EDGE): Promise<DownscaledPhoto> {
  if (typeof createImageBitmap !== 'function' || !file.type.startsWith('image/')) return { blob: file, name: file.name };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, name: file.name };
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height, longEdge);
    // Small enough already and a JPEG: keep the original bytes.
    if (width === bitmap.width && file.type === 'image/jpeg') return { blob: file, name: file.name, width, height };
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { blob: file, name: file.name };
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob) return { blob: file, name: file.name };
    return { blob, name: jpegName(file.name), width, height };
  } finally {
    bitmap.close();
  }
}
