import type { ServiceRequestSummary } from '@grove/shared';
import { RequestList } from '../components/RequestList';

const pathOf = (row: ServiceRequestSummary) => `/service-requests/${row.id}/update`;

/** /service-requests: every request in the staff member's scope. */
export default function ServiceRequestsPage() {
  return <RequestList pathOf={pathOf} />;
}
