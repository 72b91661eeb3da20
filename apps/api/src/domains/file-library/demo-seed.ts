import type { Tx } from '../../db/client.js';
import type { DemoWorld } from '../../modules/domain-module.js';
import { LIBRARY_FILE_OWNER } from './service.js';
import { libraryFiles, libraryFolders } from './tables.js';

/*
 * The staff file library of the demo company: everyday folders with real PDFs, and one folder
 * limited to managers, so /fileLibrary shows folders, files and a role limit from the first visit.
 */

interface DemoFolder {
  name: string;
  allowedRoles?: string[];
  files: { name: string; title: string; paragraphs: string[] }[];
}

const DEMO_FOLDERS: DemoFolder[] = [
  {
    name: 'Safety',
    files: [
      { name: 'Crew safety handbook.pdf', title: 'Crew safety handbook', paragraphs: ['Eye, ear and foot protection on every mower and trimmer.', 'Heat: water every 20 minutes above 90 °F; shade breaks every hour.', 'Lightning: stop work at the first thunder, wait 30 minutes after the last.'] },
      { name: 'Chemical handling and spill response.pdf', title: 'Chemical handling and spill response', paragraphs: ['Read the label before mixing; keep the SDS binder in the truck.', 'Spills: contain with absorbent, keep people and pets away, call the branch manager.'] },
    ],
  },
  {
    name: 'Training',
    files: [
      { name: 'Irrigation troubleshooting guide.pdf', title: 'Irrigation troubleshooting guide', paragraphs: ['Zone will not start: check the controller program, the valve solenoid, then the wire path.', 'Low pressure: look for a broken head or lateral line before adjusting the backflow.'] },
      { name: 'Writing a good orange report.pdf', title: 'Writing a good orange report', paragraphs: ['One issue per report; a wide photo and a close-up.', 'Say what you saw, where, and what you recommend, with quantities.'] },
    ],
  },
  {
    name: 'Pricing',
    allowedRoles: ['Executive', 'Executive Team', 'Regional Director', 'Regional Manager', 'Branch Manager'],
    files: [{ name: 'Enhancement price list 2026.pdf', title: 'Enhancement price list 2026', paragraphs: ['Hardwood mulch, installed: $4.25 per sq ft.', 'Seasonal color (4.5 in pots): $3.10 each, installed.', 'Tree removal up to 30 ft: quoted per job.'] }],
  },
];

export async function seedDemoLibrary(tx: Tx, demo: DemoWorld): Promise<void> {
  const author = demo.staffIds.get('bmMar');
  if (!author) return;
  for (const folder of DEMO_FOLDERS) {
    const folderId = crypto.randomUUID();
    let created = false;
    for (const item of folder.files) {
      const id = crypto.randomUUID();
      const fileId = await demo.files.pdf({ name: item.name, title: item.title, paragraphs: item.paragraphs, userId: author, customerId: null, owner: { type: LIBRARY_FILE_OWNER, id, staffOnly: true } });
      // Without a file store (seed tests that need no files) the library stays empty.
      if (!fileId) return;
      if (!created) {
        await tx.insert(libraryFolders).values({ id: folderId, name: folder.name, allowedRoles: folder.allowedRoles ?? [], createdBy: author });
        created = true;
      }
      await tx.insert(libraryFiles).values({ id, folderId, fileId, name: item.name, uploadedBy: author });
    }
  }
}
