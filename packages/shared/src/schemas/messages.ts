import { z } from 'zod';
import { pageQuerySchema, text } from './common.js';

/*
 * Messages (issue 13): conversations between a customer's users and Grove staff.
 *
 *   GET  /api/Messages?MessageListQuery              → Page<MessageThreadSummary>  (unread first, then newest)
 *   GET  /api/Messages/unread-count                  → { count }
 *   GET  /api/Messages/recipients?customerId=        → { data: MessageRecipient[] }  customer users who can be added
 *   POST /api/Messages                               MessageThreadCreate → MessageThreadDetail (201)
 *   GET  /api/Messages/{id}                          → MessageThreadDetail
 *   POST /api/Messages/{id}/replies                  MessageReplyCreate → MessageThreadDetail (201)
 *   POST /api/Messages/{id}/read                     → { readAt }
 *   POST /api/Messages/{id}/participants             MessageParticipantsAdd → MessageThreadDetail
 *
 * Access: every staff role for customers in scope; on the customer side only Property Managers and
 * Board Members — of the customer at hand (their role at that customer), and only threads they take
 * part in. Internal notes (`internal: true`) are staff-only: never listed, searched, counted,
 * emailed or pushed to customer users. Threads of customers outside scope are 404.
 */

export const MESSAGE_LIMITS = {
  subject: 150,
  text: 10_000,
  attachments: 10,
  participants: 50,
  excerpt: 160,
} as const;

/** Records a thread can be about. */
export const MESSAGE_LINK_TYPES = ['service_request', 'orange_report', 'plan', 'proposal'] as const;
export type MessageLinkType = (typeof MESSAGE_LINK_TYPES)[number];

/** Message-center filters (staff): their customers, waiting more than a business day, with attachments, unread. */
export const MESSAGE_FILTERS = ['unread', 'mine', 'unanswered', 'attachments'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

const fileIds = z.array(z.uuid({ message: 'invalid' })).max(MESSAGE_LIMITS.attachments);

export const messageListQuerySchema = pageQuerySchema.omit({ sort: true }).extend({
  /** One customer's threads; without it, every customer in scope (the staff message center). */
  customerId: z.uuid({ message: 'invalid' }).optional(),
  /** Comma-separated MESSAGE_FILTERS, all must hold. */
  filter: z
    .string()
    .max(100)
    .optional()
    .transform((value, ctx) => {
      const parts = (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
      for (const part of parts) {
        if (!(MESSAGE_FILTERS as readonly string[]).includes(part)) {
          ctx.addIssue({ code: 'custom', message: 'invalid' });
          return z.NEVER;
        }
      }
      return [...new Set(parts)] as MessageFilter[];
    }),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messageThreadIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

export const messageLinkSchema = z.object({
  type: z.enum(MESSAGE_LINK_TYPES),
  id: z.uuid({ message: 'invalid' }),
});
export type MessageLink = z.infer<typeof messageLinkSchema>;

export const messageThreadCreateSchema = z.object({
  customerId: z.uuid({ message: 'required' }),
  subject: text(MESSAGE_LIMITS.subject),
  text: text(MESSAGE_LIMITS.text),
  /** Uploaded first through /api/Files/uploadPhoto|uploadFile. */
  fileIds: fileIds.default([]),
  /** Customer users (Property Manager or Board Member at the customer) to include; the author is always in. */
  participantIds: z.array(z.uuid({ message: 'invalid' })).max(MESSAGE_LIMITS.participants).default([]),
  link: messageLinkSchema.nullable().optional(),
});
export type MessageThreadCreate = z.input<typeof messageThreadCreateSchema>;

export const messageReplyCreateSchema = z.object({
  text: text(MESSAGE_LIMITS.text),
  /** Staff only: a note customer users never see. */
  internal: z.boolean().default(false),
  fileIds: fileIds.default([]),
});
export type MessageReplyCreate = z.input<typeof messageReplyCreateSchema>;

export const messageParticipantsAddSchema = z.object({
  userIds: z.array(z.uuid({ message: 'invalid' })).min(1).max(MESSAGE_LIMITS.participants),
});
export type MessageParticipantsAdd = z.infer<typeof messageParticipantsAddSchema>;

export const messageRecipientsQuerySchema = z.object({ customerId: z.uuid({ message: 'required' }) });

const person = z.object({ id: z.uuid(), name: z.string(), isStaff: z.boolean() });
export type MessagePerson = z.infer<typeof person>;

export const messageRecipientSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string(), roles: z.array(z.string()) });
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

export const messageAttachmentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['photo', 'file']),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  author: person.nullable(),
  text: z.string(),
  internal: z.boolean(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageThreadSummarySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  subject: z.string(),
  /** The newest message the caller may see. */
  lastMessage: z.object({ authorName: z.string(), excerpt: z.string(), internal: z.boolean(), at: z.string() }).nullable(),
  messageCount: z.number().int(),
  hasAttachments: z.boolean(),
  unread: z.boolean(),
  /** Since when a customer user waits for a staff answer (null when answered); staff only. */
  awaitingReplySince: z.string().nullable(),
  /** Waiting for longer than one business day (staff only). */
  overdue: z.boolean(),
  link: messageLinkSchema.nullable(),
  createdAt: z.string(),
});
export type MessageThreadSummary = z.infer<typeof messageThreadSummarySchema>;

export const messageThreadDetailSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  subject: z.string(),
  createdBy: person.nullable(),
  /** The customer's staff team (account manager first) and the customer users in the conversation. */
  participants: z.array(person.extend({ role: z.string().nullable() })),
  messages: z.array(messageSchema),
  awaitingReplySince: z.string().nullable(),
  overdue: z.boolean(),
  link: messageLinkSchema.nullable(),
  /** When the caller last read it (before this view), for the "new" divider. */
  lastReadAt: z.string().nullable(),
  /** What the caller may do: `reply`, `internalNote`, `addParticipants`. */
  allowedActions: z.array(z.enum(['reply', 'internalNote', 'addParticipants'])),
  createdAt: z.string(),
});
export type MessageThreadDetail = z.infer<typeof messageThreadDetailSchema>;

export const messageUnreadCountSchema = z.object({ count: z.number().int() });
export const messageReadSchema = z.object({ readAt: z.string() });
