import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerName } from '../api/requests-api';
import type { ServiceRequestSummary } from '@grove/shared';
import { RequestList } from '../components/RequestList';

/** /customers/{customerId}/requests: the staff list pinned to one customer. */
export default function CustomerRequestsPage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7).
  useRecordTitle(useCustomerName(customerId || undefined).data, `/customers/${encodeURIComponent(customerId)}`);
  const base = `/customers/${customerId}/requests`;
  const pathOf = (row: ServiceRequestSummary) => `${base}/${row.id}/update`;
  return <RequestList key={customerId} customerId={customerId} pathOf={pathOf} newPath={`${base}/new`} />;
}
