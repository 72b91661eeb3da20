import { eq, sql } from 'drizzle-orm';
import type { CompanySettings, CompanySettingsWrite } from '@grove/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import type { PdfCompany } from '../../lib/pdf/index.js';
import { recordAudit } from '../audit/index.js';
import { can } from './policy.js';
import { companySettings } from './tables.js';

type Reader = Pick<Db, 'select'>;

/**
 * The company block of generated documents: what a System Admin saved in /settings → Company, or
 * the install's COMPANY_* settings until someone does.
 */
export async function companyDetails(db: Reader, config: Pick<Config, 'company'>): Promise<PdfCompany> {
  return strip(await readSettings(db, config));
}

function strip(settings: CompanySettings): PdfCompany {
  return { name: settings.name, addressLines: settings.addressLines, phone: settings.phone, email: settings.email, website: settings.website, taxId: settings.taxId };
}

export async function readSettings(db: Reader, config: Pick<Config, 'company'>): Promise<CompanySettings> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!row) return { ...config.company, saved: false, updatedAt: null };
  return {
    name: row.name,
    addressLines: row.addressLines,
    phone: row.phone,
    email: row.email,
    website: row.website,
    taxId: row.taxId,
    saved: true,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Parsed = { name: string; addressLines: string[]; phone: string | null; email: string | null; website: string | null; taxId: string | null };

/** System Admin only (403 for other staff). */
export async function saveSettings(db: Db, user: Pick<AuthUser, 'id' | 'roles'>, config: Pick<Config, 'company'>, body: Parsed | CompanySettingsWrite): Promise<CompanySettings> {
  if (!can(user, 'manage')) throw forbidden('Only a System Admin can change the company details');
  const values = body as Parsed;
  await db.transaction(async (tx) => {
    const row = { ...values, updatedById: user.id, updatedAt: new Date() };
    await tx
      .insert(companySettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: companySettings.id, set: { ...row, updatedAt: sql`now()` } });
    await recordAudit(tx, { action: 'company_settings.updated', actorId: user.id, detail: { name: values.name } });
  });
  return readSettings(db, config);
}
