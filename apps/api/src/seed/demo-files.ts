import sharp from 'sharp';
import type { Tx } from '../db/client.js';
import { storeGeneratedFile, type FileStore } from '../domains/files/index.js';
import { PdfWriter, type PdfCompany } from '../lib/pdf/index.js';
import type { DemoFiles, DemoPhotoScene } from '../modules/domain-module.js';

/*
 * Pictures and PDFs for the demo company, drawn here (no binary files in the repository) and stored
 * through the file service like an upload, so demo orange reports have photos, demo customers have
 * documents and the staff library has files. They are plainly illustrations, captioned "demo photo".
 * The stored objects are written outside the seed's transaction: if the seed rolls back they stay as
 * unreferenced objects in DATA_DIR/files, which is harmless for a demo.
 */

const DEMO_COMPANY: PdfCompany = {
  name: 'Grove Landscape Services',
  addressLines: ['2150 Powers Ferry Road', 'Marietta, GA 30067'],
  phone: '(770) 555-0100',
  email: 'office@demo.grove.test',
  website: null,
  taxId: null,
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The foreground of each scene: a few shapes that say what the photo is about. */
const SCENES: Record<DemoPhotoScene, string> = {
  tree: `<rect x="560" y="250" width="50" height="330" fill="#6b4f1d" transform="rotate(14 585 580)"/>
    <circle cx="650" cy="250" r="170" fill="#2f5d1e"/><circle cx="540" cy="300" r="110" fill="#38702a"/>
    <rect x="150" y="520" width="260" height="70" fill="#e69138"/><rect x="170" y="470" width="20" height="60" fill="#999"/>`,
  irrigation: `<ellipse cx="600" cy="640" rx="260" ry="60" fill="#5b8fc7" opacity="0.75"/>
    <rect x="585" y="560" width="30" height="70" fill="#444"/>
    <path d="M600 560 Q560 420 470 380 M600 560 Q600 400 600 340 M600 560 Q640 420 730 380" stroke="#9fd3ff" stroke-width="8" fill="none"/>`,
  hardscape: `<g fill="#b7a58b" stroke="#7d6e5a" stroke-width="4">
    <rect x="250" y="560" width="160" height="80"/><rect x="420" y="555" width="160" height="80" transform="rotate(6 500 595)"/>
    <rect x="590" y="560" width="160" height="80"/><rect x="760" y="565" width="160" height="80" transform="rotate(-5 840 605)"/></g>
    <path d="M450 575 L500 610 L540 590" stroke="#333" stroke-width="4" fill="none"/>`,
  drainage: `<ellipse cx="600" cy="660" rx="340" ry="90" fill="#6d8fb3" opacity="0.85"/>
    <rect x="840" y="470" width="120" height="150" fill="#8a8a8a"/><rect x="860" y="500" width="80" height="40" fill="#555"/>`,
  plants: `<g fill="#7a5c2e"><ellipse cx="330" cy="600" rx="90" ry="50"/><ellipse cx="600" cy="610" rx="90" ry="50"/><ellipse cx="870" cy="600" rx="90" ry="50"/></g>
    <g fill="#a08a4f"><circle cx="330" cy="560" r="55"/><circle cx="870" cy="560" r="60"/></g><circle cx="600" cy="555" r="70" fill="#3f7d2c"/>`,
  pest: `<g fill="#8b5a2b"><ellipse cx="380" cy="620" rx="90" ry="45"/><ellipse cx="640" cy="650" rx="70" ry="35"/><ellipse cx="860" cy="610" rx="80" ry="40"/></g>
    <rect x="150" y="420" width="900" height="8" fill="#777"/><g fill="#777"><rect x="150" y="420" width="8" height="200"/><rect x="1042" y="420" width="8" height="200"/></g>`,
  lawn: `<g stroke="#4f8a3a" stroke-width="26" opacity="0.55"><line x1="0" y1="600" x2="1200" y2="600"/><line x1="0" y1="680" x2="1200" y2="680"/><line x1="0" y1="760" x2="1200" y2="760"/></g>
    <rect x="700" y="540" width="180" height="90" rx="12" fill="#c0392b"/><circle cx="730" cy="640" r="26" fill="#222"/><circle cx="850" cy="640" r="26" fill="#222"/>`,
};

function photoSvg(caption: string, scene: DemoPhotoScene): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5ff"/><stop offset="1" stop-color="#e4f3ff"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6aa84f"/><stop offset="1" stop-color="#38761d"/></linearGradient>
  </defs>
  <rect width="1200" height="900" fill="url(#sky)"/>
  <path d="M0 500 Q300 450 600 490 T1200 480 V900 H0Z" fill="url(#ground)"/>
  ${SCENES[scene]}
  <rect x="0" y="810" width="1200" height="90" fill="#000" opacity="0.5"/>
  <text x="32" y="868" font-family="sans-serif" font-size="36" fill="#fff">${escapeXml(caption)} · demo photo</text>
</svg>`;
}

export async function demoPhotoBytes(caption: string, scene: DemoPhotoScene): Promise<Buffer> {
  return sharp(Buffer.from(photoSvg(caption, scene))).jpeg({ quality: 78 }).toBuffer();
}

export async function demoPdfBytes(title: string, facts: readonly (readonly [string, string])[], paragraphs: readonly string[]): Promise<Buffer> {
  const pdf = new PdfWriter({ language: 'en', title, company: DEMO_COMPANY });
  pdf.letterhead(DEMO_COMPANY, title, facts);
  for (const paragraph of paragraphs) pdf.text(paragraph, { gap: 8 });
  pdf.muted('Demo document generated for the Grove demo company.');
  const chunks: Buffer[] = [];
  const doc = pdf.finish();
  for await (const chunk of doc as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The seed's file writer; without a store (seed tests that need no files) it stores nothing. */
export function demoFiles(tx: Tx, store: FileStore | undefined): DemoFiles {
  return {
    async photo({ caption, scene, userId, customerId, owner }) {
      if (!store) return null;
      const bytes = await demoPhotoBytes(caption, scene);
      return (await storeGeneratedFile(tx, store, { kind: 'photo', name: `${scene}.jpg`, bytes, userId, customerId, owner })).id;
    },
    async pdf({ name, title, facts, paragraphs, userId, customerId, owner }) {
      if (!store) return null;
      const bytes = await demoPdfBytes(title, facts ?? [], paragraphs);
      return (await storeGeneratedFile(tx, store, { kind: 'file', name, bytes, userId, customerId, owner })).id;
    },
  };
}
