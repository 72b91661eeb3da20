import { CUSTOMER_ROLES } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/*
 * Notification kinds of service requests (issue 5) and their texts. Who hears what: announcements.ts.
 * - service_request_created: staff on the customer's team (and its account manager): a new request.
 * - service_request_assigned: staff: a request was assigned to you.
 * - service_request_customer_activity: the assignee (the account manager while unassigned): a
 *   customer user commented on, confirmed closed, reopened or cancelled a request.
 * - service_request_update: the requester: status changes and visible comments on your request.
 * - service_request_property_update: the other users of the customer: status changes and visible
 *   comments on any request of the property. Off by default except for Property Managers.
 * - service_request_new_at_property: the other users of the customer: somebody filed a new request at
 *   the property (issue 17 §3). On by default for Property Managers and Board Members.
 */

export const serviceRequestNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'service_request_created',
    audience: 'staff',
    label: perLanguage('server/service-requests:kinds.service_request_created.label'),
  },
  {
    kind: 'service_request_assigned',
    audience: 'staff',
    label: perLanguage('server/service-requests:kinds.service_request_assigned.label'),
  },
  {
    kind: 'service_request_customer_activity',
    audience: 'staff',
    label: perLanguage('server/service-requests:kinds.service_request_customer_activity.label'),
  },
  {
    kind: 'service_request_update',
    audience: 'customer',
    label: perLanguage('server/service-requests:kinds.service_request_update.label'),
    customerRouting: {
      defaultRoles: CUSTOMER_ROLES,
      label: perLanguage('server/service-requests:kinds.service_request_update.customerRouting.label'),
    },
  },
  {
    kind: 'service_request_property_update',
    audience: 'customer',
    label: perLanguage('server/service-requests:kinds.service_request_property_update.label'),
    // Updates about requests other people filed: only Property Managers get them unless they turn them on (issue 5).
    defaultChoice: (roles) => {
      const on = roles.includes('Property Manager');
      return { inApp: on, email: on };
    },
    customerRouting: {
      defaultRoles: CUSTOMER_ROLES,
      label: perLanguage('server/service-requests:kinds.service_request_property_update.customerRouting.label'),
    },
  },
  {
    kind: 'service_request_new_at_property',
    audience: 'customer',
    label: perLanguage('server/service-requests:kinds.service_request_new_at_property.label'),
    // Those who answer for the property hear of every new request; residents only of their own.
    defaultChoice: (roles) => {
      const on = roles.includes('Property Manager') || roles.includes('Board Member');
      return { inApp: on, email: on };
    },
    customerRouting: {
      defaultRoles: CUSTOMER_ROLES,
      label: perLanguage('server/service-requests:kinds.service_request_new_at_property.customerRouting.label'),
    },
  },
];

export const serviceRequestMessages = {
  'serviceRequest.newAtProperty': perLanguage('server/service-requests:messages.serviceRequest.newAtProperty'),
  'serviceRequest.created': perLanguage('server/service-requests:messages.serviceRequest.created'),
  'serviceRequest.assigned': perLanguage('server/service-requests:messages.serviceRequest.assigned'),
  'serviceRequest.status': perLanguage('server/service-requests:messages.serviceRequest.status'),
  'serviceRequest.scheduled': perLanguage('server/service-requests:messages.serviceRequest.scheduled'),
  'serviceRequest.comment': perLanguage('server/service-requests:messages.serviceRequest.comment'),
} satisfies Record<string, MessageCatalogue>;

export type ServiceRequestMessageKey = keyof typeof serviceRequestMessages;
