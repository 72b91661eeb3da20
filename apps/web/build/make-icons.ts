/**
 * Writes the app icons of the web app manifest into `public/icons/` from the Grove leaf mark (the
 * favicon's drawing). Run once when the mark changes and commit the PNGs:
 *   npx tsx apps/web/build/make-icons.ts
 * `any` icons keep the rounded square; `maskable` ones fill the whole square and keep the leaf
 * inside the 80 % safe zone, so a phone's mask (circle, squircle) never cuts it.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const LEAF = 'M47 15C29 15 17 25 17 40c0 3 .6 5.6 1.6 8C21 36 29 29 39 25 31 31 25 38 21.5 49.5 24 51 27 52 30.5 52 43 52 49 39 47 15z';
const ORANGE = '#f7811f';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${ORANGE}"/><path d="${LEAF}" fill="#fff"/></svg>`;
// Full bleed; the leaf scaled to 70 % around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${ORANGE}"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)"><path d="${LEAF}" fill="#fff"/></g></svg>`;

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

const jobs: [string, string, number][] = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  // iOS home screen (no manifest icons there): full bleed, iOS rounds it.
  ['apple-touch-icon-180.png', maskable, 180],
];
for (const [name, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${out}${name}`);
}
console.log(`icons written to ${out}`);
