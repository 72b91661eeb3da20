import { useParams } from 'react-router';
import type { ServiceRequestSummary } from '@grove/shared';
import { RequestList } from '../components/RequestList';

/** /customers/{customerId}/requests: the staff list pinned to one customer. */
export default function CustomerRequestsPage() {
  const { customerId = '' } = useParams();
  const base = `/customers/${customerId}/requests`;
  const pathOf = (row: ServiceRequestSummary) => `${base}/${row.id}/update`;
  return <RequestList key={customerId} customerId={customerId} pathOf={pathOf} newPath={`${base}/new`} />;
}
