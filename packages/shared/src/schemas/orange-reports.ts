import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants.js';
import { nameText } from '../text-rules.js';

/*
 * Orange reports (issue 10): the catalogue of services a report can recommend, the reports
 * themselves (below), and the endpoint shapes.
 *
 * Catalogue endpoints:
 *   GET    /api/OrangeReportServices?includeRetired=&search=&category=  → { data: OrangeReportService[] }  staff
 *   GET    /api/OrangeReportServices/{id}                                → OrangeReportService               staff
 *   POST   /api/OrangeReportServices          OrangeReportServiceCreate → OrangeReportService (201)        System Admin
 *   PUT    /api/OrangeReportServices/{id}     OrangeReportServiceUpdate → OrangeReportService              System Admin (retired: true retires)
 *   DELETE /api/OrangeReportServices/{id}     → 204; 409 when anything uses it (retire it instead)        System Admin
 * Prices are integer cents (USD): no floating point on money anywhere.
 */

export const ORANGE_SERVICE_CATEGORIES = [
  'irrigation',
  'tree_care',
  'plants',
  'turf',
  'mulch_soil',
  'drainage',
  'hardscape',
  'pest',
  'enhancement',
  'other',
] as const;
export type OrangeServiceCategory = (typeof ORANGE_SERVICE_CATEGORIES)[number];

export const ORANGE_SERVICE_UNITS = ['each', 'hour', 'sq_ft', 'linear_ft'] as const;
export type OrangeServiceUnit = (typeof ORANGE_SERVICE_UNITS)[number];

export const ORANGE_REPORT_LIMITS = {
  serviceName: 80,
  serviceDescription: 500,
  /** $1,000,000.00 per unit. */
  maxUnitPriceCents: 100_000_000,
} as const;

/** A name per interface language; English is required and is the fallback of the others. */
export type LocalizedNames = { en: string } & Partial<Record<Exclude<Language, 'en'>, string | null>>;

const optionalName = nameText(ORANGE_REPORT_LIMITS.serviceName, 0)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const localizedNamesSchema = z.object({
  en: nameText(ORANGE_REPORT_LIMITS.serviceName),
  zh: optionalName,
  es: optionalName,
  ja: optionalName,
  de: optionalName,
  fr: optionalName,
});

/** Names as stored and answered: every language present, `null` where English stands in. */
export const localizedNamesOutSchema = z.object({
  en: z.string(),
  zh: z.string().nullable(),
  es: z.string().nullable(),
  ja: z.string().nullable(),
  de: z.string().nullable(),
  fr: z.string().nullable(),
});
export type LocalizedNamesOut = z.infer<typeof localizedNamesOutSchema>;

/** The name in `language`, falling back to English. */
export function localizedName(names: Partial<Record<Language, string | null>> & { en: string }, language: string): string {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  return names[lang] || names.en;
}

const unitPriceCents = z.number().int({ message: 'invalid' }).min(0).max(ORANGE_REPORT_LIMITS.maxUnitPriceCents);

/**
 * One catalogue service. `inUse`: a report recommends it (then it can only be retired); other
 * areas that reference the catalogue (plans, proposals) block deleting through their foreign keys.
 */
export const orangeReportServiceSchema = z.object({
  id: z.uuid(),
  names: localizedNamesOutSchema,
  description: z.string(),
  category: z.enum(ORANGE_SERVICE_CATEGORIES),
  unit: z.enum(ORANGE_SERVICE_UNITS),
  /** Null: priced per job (the estimate is entered on the report). */
  unitPriceCents: z.number().int().nullable(),
  sortOrder: z.number().int(),
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  inUse: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrangeReportService = z.infer<typeof orangeReportServiceSchema>;

export const orangeReportServiceListSchema = z.object({ data: z.array(orangeReportServiceSchema) });

export const orangeReportServiceListQuerySchema = z.object({
  /** `true` lists retired services too (the settings screen); pickers leave it off. */
  includeRetired: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Matches the name in any language and the description. */
  search: z.string().trim().max(100).optional(),
  category: z.enum(ORANGE_SERVICE_CATEGORIES).optional(),
});
export type OrangeReportServiceListQuery = z.input<typeof orangeReportServiceListQuerySchema>;

export const orangeReportServiceCreateSchema = z.object({
  names: localizedNamesSchema,
  description: z.string().trim().max(ORANGE_REPORT_LIMITS.serviceDescription).default(''),
  category: z.enum(ORANGE_SERVICE_CATEGORIES, { message: 'required' }),
  unit: z.enum(ORANGE_SERVICE_UNITS, { message: 'required' }),
  unitPriceCents: unitPriceCents.nullable().default(null),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});
export type OrangeReportServiceCreate = z.input<typeof orangeReportServiceCreateSchema>;

export const orangeReportServiceUpdateSchema = z.object({
  names: localizedNamesSchema.optional(),
  description: z.string().trim().max(ORANGE_REPORT_LIMITS.serviceDescription).optional(),
  category: z.enum(ORANGE_SERVICE_CATEGORIES).optional(),
  unit: z.enum(ORANGE_SERVICE_UNITS).optional(),
  unitPriceCents: unitPriceCents.nullable().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
  /** `true` retires (hidden from pickers, reports keep it); `false` offers it again. */
  retired: z.boolean().optional(),
});
export type OrangeReportServiceUpdate = z.input<typeof orangeReportServiceUpdateSchema>;

export const orangeReportServiceIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });
