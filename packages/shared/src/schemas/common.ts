import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';

/** A required trimmed string with length limits; the messages map to spec §5 texts. */
export function text(max: number, min = 1) {
  return z.string().trim().min(min).max(max);
}

export function optionalText(max: number) {
  return z.string().trim().max(max).optional().nullable();
}

export const emailSchema = z.string().trim().min(1).max(254).pipe(z.email({ message: 'invalid' }));

export const idSchema = z.uuid({ message: 'invalid' });

/** `GET {list}?page=&pageSize=&sort=&search=` of every list endpoint (issue 3 pattern). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** False when `total` is a floor (the count stopped at LIST_COUNT_CAP): "more than `total`". */
    totalExact: z.boolean().optional(),
    /** Keyset paging (lists that offer it): pass as `cursor` for the rows after this page; null at the end. */
    nextCursor: z.string().nullable().optional(),
  });
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  totalExact?: boolean;
  nextCursor?: string | null;
}

/** Error bodies (issue 2): every non-2xx answer has a message; validation adds field errors. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
