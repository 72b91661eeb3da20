import { z } from 'zod';
import { defineEndpoint } from '../contract.js';
import { pageOf } from '../schemas/common.js';
import {
  messageListQuerySchema,
  messageParticipantsAddSchema,
  messageReadSchema,
  messageRecipientSchema,
  messageRecipientsQuerySchema,
  messageReplyCreateSchema,
  messageThreadCreateSchema,
  messageThreadDetailSchema,
  messageThreadIdParamsSchema,
  messageThreadSummarySchema,
  messageUnreadCountSchema,
} from '../schemas/messages.js';

const tags = ['messages'] as const;

/**
 * `/api/Messages`: conversations per customer and the staff message center. Access key `messages`:
 * staff, and Property Managers / Board Members (checked again per customer by the policy).
 */
export const MESSAGE_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Messages',
    access: 'messages',
    tags,
    summary: 'Conversations the caller may see (one customer, or every customer in scope): unread first, search, filters',
    query: messageListQuerySchema,
    response: pageOf(messageThreadSummarySchema),
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/Messages/unread-count',
    access: 'messages',
    tags,
    summary: 'Conversations with unread messages',
    response: messageUnreadCountSchema,
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/api/Messages/recipients',
    access: 'messages',
    tags,
    summary: 'Property Managers and Board Members of a customer, who can take part in its conversations',
    query: messageRecipientsQuerySchema,
    response: z.object({ data: z.array(messageRecipientSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/Messages',
    access: 'messages',
    tags,
    summary: 'Start a conversation with a customer (its first message, attachments, participants)',
    body: messageThreadCreateSchema,
    response: messageThreadDetailSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Messages/:id',
    access: 'messages',
    tags,
    summary: 'A conversation with its messages (internal notes for staff only) and participants',
    params: messageThreadIdParamsSchema,
    response: messageThreadDetailSchema,
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/Messages/:id/replies',
    access: 'messages',
    tags,
    summary: 'Answer in a conversation; staff may write an internal note instead',
    params: messageThreadIdParamsSchema,
    body: messageReplyCreateSchema,
    response: messageThreadDetailSchema,
    status: 201,
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/Messages/:id/read',
    access: 'messages',
    tags,
    summary: 'Mark the conversation read for the caller',
    params: messageThreadIdParamsSchema,
    response: messageReadSchema,
  }),
  addParticipants: defineEndpoint({
    method: 'POST',
    path: '/api/Messages/:id/participants',
    access: 'messages',
    tags,
    summary: 'Add Property Managers or Board Members of the customer to the conversation',
    params: messageThreadIdParamsSchema,
    body: messageParticipantsAddSchema,
    response: messageThreadDetailSchema,
  }),
};
