import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerName } from '../api/requests-api';
import { RequestForm } from '../components/RequestForm';

/** /customers/{customerId}/requests/new: staff file a request on the customer's behalf. */
export default function NewRequestPage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7).
  useRecordTitle(useCustomerName(customerId || undefined).data, `/customers/${encodeURIComponent(customerId)}`);
  const base = `/customers/${customerId}/requests`;
  return <RequestForm customerId={customerId} audience="staff" detailPath={(id) => `${base}/${id}/update`} cancelPath={base} />;
}
