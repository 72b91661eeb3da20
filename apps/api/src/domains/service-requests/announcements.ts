import { and, eq } from 'drizzle-orm';
import { hasStaffRole, parseRoles } from '@grove/shared';
import { customerTeam, customers, users } from '../../db/schema.js';
import { customerUsersReceiving, notify, type MessageParams, type Notifier, type Recipient } from '../notifications/index.js';
import type { ServiceRequestMessageKey } from './notifications.js';

/*
 * Who hears what about a request (issue 5; preferences may still mute a kind per user):
 * - filed → the customer's account manager and team (service_request_created); an assignee set at
 *   filing hears service_request_assigned instead; the customer's other users who want it (by default
 *   Property Managers and Board Members) hear service_request_new_at_property.
 * - assigned → the new assignee (service_request_assigned).
 * - status change or a visible comment → the requester when they are a user of the customer
 *   (service_request_update), and the customer's other active users (service_request_property_update,
 *   on by default only for Property Managers). Both pass the customer's routing of kinds to its
 *   customer-side roles (customer settings) before the user's own preferences.
 * - a customer user comments, confirms closed, reopens or cancels → the assignee, or the account
 *   manager while unassigned (service_request_customer_activity).
 * Internal notes, priority changes and edits notify nobody. The actor never notifies themselves.
 */

type Reader = Notifier;

export interface RequestRef {
  id: string;
  number: string;
  title: string;
  customerId: string;
  customerName: string;
  requesterId: string | null;
  assigneeId: string | null;
  accountManagerId: string | null;
}

export interface ActorRef {
  id: string;
  name: string;
  isStaff: boolean;
}

/** Staff and customer users open the same request in their own views. */
export function requestLink(request: Pick<RequestRef, 'id' | 'customerId'>) {
  return (recipient: Recipient) =>
    recipient.isStaff ? `/service-requests/${request.id}/update` : `/customerView/${request.customerId}/requests/${request.id}/update`;
}

async function staffTeamIds(tx: Reader, customerId: string): Promise<string[]> {
  const team = await tx
    .select({ id: users.id, roles: users.roles })
    .from(customerTeam)
    .innerJoin(users, eq(users.id, customerTeam.userId))
    .where(and(eq(customerTeam.customerId, customerId), eq(users.active, true)));
  const [manager] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.accountManagerId))
    .where(and(eq(customers.id, customerId), eq(users.active, true)));
  return [...(manager ? [manager] : []), ...team].filter((user) => hasStaffRole(parseRoles(user.roles))).map((user) => user.id);
}

function baseParams(request: RequestRef, actor: ActorRef | null): MessageParams {
  return { number: request.number, title: request.title, customer: request.customerName, actor: actor?.name ?? 'Grove' };
}

const others = (ids: readonly (string | null)[], actor: ActorRef | null) =>
  ids.filter((id): id is string => id !== null && id !== actor?.id);

export async function announceCreated(tx: Reader, request: RequestRef, actor: ActorRef): Promise<void> {
  const team = (await staffTeamIds(tx, request.customerId)).filter((id) => id !== request.assigneeId);
  await notify(tx, {
    userIds: others(team, actor),
    type: 'service_request_created',
    titleKey: 'serviceRequest.created',
    params: baseParams(request, actor),
    link: requestLink(request),
    customerId: request.customerId,
  });
  if (request.assigneeId) await announceAssigned(tx, request, actor, request.assigneeId);
  // The customer's other users who answer for the property (issue 17 §3); the filer never.
  const propertyReceivers = await customerUsersReceiving(tx, request.customerId, 'service_request_new_at_property');
  await notify(tx, {
    userIds: others(propertyReceivers, actor),
    type: 'service_request_new_at_property',
    titleKey: 'serviceRequest.newAtProperty',
    params: baseParams(request, actor),
    link: requestLink(request),
    customerId: request.customerId,
  });
}

export async function announceAssigned(tx: Reader, request: RequestRef, actor: ActorRef, assigneeId: string): Promise<void> {
  return notify(tx, {
    userIds: others([assigneeId], actor),
    type: 'service_request_assigned',
    titleKey: 'serviceRequest.assigned',
    params: baseParams(request, actor),
    link: requestLink(request),
    customerId: request.customerId,
  });
}

/**
 * A change the customer side should hear about (status, schedule, visible comment). `actor` null
 * is the system (auto-close).
 */
export async function announceToCustomer(
  tx: Reader,
  request: RequestRef,
  actor: ActorRef | null,
  message: { key: ServiceRequestMessageKey; params: MessageParams },
): Promise<void> {
  const params = { ...baseParams(request, actor), ...message.params };
  // The customer's settings route each kind to its customer-side roles (customers/notification-roles.ts).
  const requesterReceives = await customerUsersReceiving(tx, request.customerId, 'service_request_update');
  const propertyReceivers = await customerUsersReceiving(tx, request.customerId, 'service_request_property_update');
  if (request.requesterId !== null && requesterReceives.includes(request.requesterId)) {
    await notify(tx, {
      userIds: others([request.requesterId], actor),
      type: 'service_request_update',
      titleKey: message.key,
      params,
      link: requestLink(request),
      customerId: request.customerId,
    });
  }
  await notify(tx, {
    userIds: others(
      propertyReceivers.filter((id) => id !== request.requesterId),
      actor,
    ),
    type: 'service_request_property_update',
    titleKey: message.key,
    params,
    link: requestLink(request),
    customerId: request.customerId,
  });
  if (actor && !actor.isStaff) {
    await notify(tx, {
      userIds: others([request.assigneeId ?? request.accountManagerId], actor),
      type: 'service_request_customer_activity',
      titleKey: message.key,
      params,
      link: requestLink(request),
      customerId: request.customerId,
    });
  }
}
