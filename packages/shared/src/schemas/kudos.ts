import { z } from 'zod';
import { pageQuerySchema, text } from './common.js';

/*
 * Kudos (issue 13): a customer-side user thanks a member of the Grove team, or the whole crew.
 *
 *   GET  /api/Kudos?KudosListQuery         → Page<Kudos>   staff: customers in scope; customer users: what they sent
 *   GET  /api/Kudos/recipients?customerId= → { data: KudosRecipient[] }   the customer's Grove team
 *   GET  /api/Kudos/counts?userIds=a,b     → { data: { userId, count }[] }   staff: kudos received (team directory)
 *   POST /api/Kudos                        KudosCreate → Kudos (201)   customer-side users of the customer
 *
 * The recipient (or, for the whole crew, the team) and their branch managers are notified.
 */

export const KUDOS_CATEGORIES = ['quality', 'friendliness', 'responsiveness', 'above_and_beyond'] as const;
export type KudosCategory = (typeof KUDOS_CATEGORIES)[number];

export const KUDOS_LIMITS = { message: 1000 } as const;

export const kudosCreateSchema = z.object({
  customerId: z.uuid({ message: 'required' }),
  /** A member of the customer's Grove team; null thanks the whole crew. */
  recipientId: z.uuid({ message: 'invalid' }).nullable(),
  category: z.enum(KUDOS_CATEGORIES, { message: 'required' }),
  message: text(KUDOS_LIMITS.message),
  /** Uploaded first through /api/Files/uploadPhoto. */
  photoId: z.uuid({ message: 'invalid' }).nullable().optional(),
});
export type KudosCreate = z.input<typeof kudosCreateSchema>;

export const kudosListQuerySchema = pageQuerySchema.omit({ sort: true, search: true }).extend({
  customerId: z.uuid({ message: 'invalid' }).optional(),
  /** Kudos a staff member received (addressed to them, or to the whole crew of a customer they are on the team of). */
  recipientId: z.uuid({ message: 'invalid' }).optional(),
});
export type KudosListQuery = z.input<typeof kudosListQuerySchema>;

export const kudosRecipientsQuerySchema = z.object({ customerId: z.uuid({ message: 'required' }) });

export const kudosCountsQuerySchema = z.object({
  userIds: z
    .string()
    .max(100 * 37)
    .transform((value, ctx) => {
      const ids = value.split(',').map((id) => id.trim()).filter(Boolean);
      if (ids.length > 100 || ids.some((id) => !z.uuid().safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
});

const personRef = z.object({ id: z.uuid(), name: z.string() });

export const kudosRecipientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string().nullable(),
  teamRole: z.string(),
  /** The staff photo, for the picker's avatars. */
  photoFileId: z.uuid().nullable(),
});
export type KudosRecipient = z.infer<typeof kudosRecipientSchema>;

export const kudosSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  sender: personRef.nullable(),
  /** Null: the whole crew. */
  recipient: personRef.nullable(),
  category: z.enum(KUDOS_CATEGORIES),
  message: z.string(),
  photo: z.object({ id: z.uuid(), url: z.string(), thumbnailUrl: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type Kudos = z.infer<typeof kudosSchema>;

export const kudosCountsSchema = z.object({ data: z.array(z.object({ userId: z.uuid(), count: z.number().int() })) });
