import type { Db } from '../../db/client.js';
import { seedDemoCatalogue } from './demo-catalogue.js';

/** Orange-report demo data: the catalogue (reports follow once they exist). */
export async function seedDemoOrangeReports(tx: Pick<Db, 'select' | 'insert' | 'execute'>): Promise<void> {
  await seedDemoCatalogue(tx);
}
