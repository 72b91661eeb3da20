import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_MAX_PIXELS, THUMBNAIL_SIZE_PX, WEB_IMAGE_SIZE_PX } from '@grove/shared';
import { readExifGps, type GpsPosition } from './exif-gps.js';

export interface ImageFacts {
  /** Display size (after EXIF orientation); unknown when the image could not even be measured. */
  width?: number;
  height?: number;
  gps: GpsPosition | null;
}

export interface ProcessedImage extends ImageFacts {
  /** WebP derivatives, metadata stripped, auto-rotated; null when this build cannot decode the format (HEIC). */
  derivatives: { web: Buffer; thumb: Buffer } | null;
}

export class ImageTooLargeError extends Error {}
export class ImageUnreadableError extends Error {}

function open(input: Readable): Sharp {
  // limitInputPixels: a tiny file can declare gigapixels (decompression bomb); libvips refuses it.
  const image = sharp({ limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', autoOrient: true });
  input.once('error', (error) => image.destroy(error));
  input.pipe(image);
  return image;
}

function exceedsPixels(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Measures an image, reads its EXIF position and makes the thumbnail and web-sized versions.
 * sharp's output carries no EXIF/XMP/IPTC (nor ICC: it converts to sRGB), so the position stays in
 * our database only. `undecodableOk` (HEIC here: sharp's prebuilt libheif has no HEVC decoder)
 * turns a decode failure into "no derivatives" instead of a refusal.
 */
export async function processImage(input: Readable, options: { undecodableOk: boolean }): Promise<ProcessedImage> {
  const image = open(input);
  let facts: ImageFacts = { gps: null };
  try {
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (width && height && width * height > IMAGE_MAX_PIXELS) throw new ImageTooLargeError();
    facts = { ...(width && height ? { width, height } : {}), gps: await readExifGps(meta.exif) };
    const [web, thumb] = await Promise.all([
      image
        .clone()
        .resize({ width: WEB_IMAGE_SIZE_PX, height: WEB_IMAGE_SIZE_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      image
        .clone()
        .resize({ width: THUMBNAIL_SIZE_PX, height: THUMBNAIL_SIZE_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { ...facts, derivatives: { web, thumb } };
  } catch (error) {
    if (error instanceof ImageTooLargeError || exceedsPixels(error)) throw new ImageTooLargeError();
    if (options.undecodableOk) return { ...facts, derivatives: null };
    throw new ImageUnreadableError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The full-size image without metadata, in its own format, for `variant=original`: the stored
 * bytes keep the EXIF position (and match the recorded SHA-256) but are never served as they are.
 */
export async function strippedOriginal(input: Readable, mimeType: string): Promise<Buffer> {
  const image = open(input).keepIccProfile();
  switch (mimeType) {
    case 'image/png':
      return image.png().toBuffer();
    case 'image/webp':
      return image.webp({ quality: 92 }).toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    default:
      return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
  }
}
