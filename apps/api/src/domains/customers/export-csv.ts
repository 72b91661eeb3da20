import { eq } from 'drizzle-orm';
import { CUSTOMER_LIMITS, type CustomerListQuery, type Language } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, customers, regions } from '../../db/schema.js';
import { toLanguage } from '../../mail/language.js';
import { csvDocument, csvRow } from '../../lib/csv.js';
import type { ScopeUser } from '../scope/index.js';
import { listConditions, manager, sortExpressions, summaryColumns } from './service.js';

/*
 * `GET /api/Customers/export.csv`: the list's current filter and sort, every row (up to
 * CUSTOMER_LIMITS.exportRows), headers in the caller's language. Cells go through csvCell, which
 * defuses formulas (CSV injection) and quotes per RFC 4180.
 */

const HEADERS: Record<Language, string[]> = {
  en: ['Name', 'Account number', 'Type', 'Status', 'Address', 'City', 'State', 'Postal code', 'Region', 'Branch', 'Account manager', 'Open requests'],
  zh: ['名称', '账号', '类型', '状态', '地址', '城市', '州/省', '邮政编码', '区域', '分支机构', '客户经理', '未结请求'],
  es: ['Nombre', 'Número de cuenta', 'Tipo', 'Estado', 'Dirección', 'Ciudad', 'Estado/provincia', 'Código postal', 'Región', 'Sucursal', 'Gerente de cuenta', 'Solicitudes abiertas'],
  ja: ['名前', '取引先番号', '種類', 'ステータス', '住所', '市区町村', '州', '郵便番号', '地域', '支店', 'アカウントマネージャー', '未完了のリクエスト'],
  de: ['Name', 'Kundennummer', 'Typ', 'Status', 'Adresse', 'Ort', 'Bundesland', 'Postleitzahl', 'Region', 'Niederlassung', 'Kundenbetreuer', 'Offene Anfragen'],
  fr: ['Nom', 'Numéro de compte', 'Type', 'Statut', 'Adresse', 'Ville', 'État', 'Code postal', 'Région', 'Agence', 'Responsable de compte', 'Demandes ouvertes'],
};

export async function exportCustomersCsv(db: Db, user: ScopeUser & { language: string }, query: Omit<CustomerListQuery, 'page' | 'pageSize'>): Promise<string> {
  const rows = await db
    .select({ ...summaryColumns, addressLine2: customers.addressLine2 })
    .from(customers)
    .innerJoin(regions, eq(regions.id, customers.regionId))
    .innerJoin(branches, eq(branches.id, customers.branchId))
    .leftJoin(manager, eq(manager.id, customers.accountManagerId))
    .where(listConditions(user, query))
    .orderBy(...sortExpressions[query.sort])
    .limit(CUSTOMER_LIMITS.exportRows);
  const lines = [
    csvRow(HEADERS[toLanguage(user.language)]),
    ...rows.map((row) =>
      csvRow([
        row.name,
        row.accountNumber,
        row.type,
        row.status,
        [row.addressLine1, row.addressLine2].filter(Boolean).join(', '),
        row.city,
        row.state,
        row.postalCode,
        row.regionName,
        row.branchName,
        row.accountManagerName,
        row.openRequestCount,
      ]),
    ),
  ];
  return csvDocument(lines);
}
