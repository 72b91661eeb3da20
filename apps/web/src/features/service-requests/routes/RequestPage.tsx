import { useParams } from 'react-router';
import { RequestDetail } from '../components/RequestDetail';

const customerPath = (customerId: string) => `/customers/${customerId}`;

/** /service-requests/{requestId}/update and /customers/{customerId}/requests/{requestId}/update (staff). */
export default function RequestPage() {
  const { requestId, customerId } = useParams();
  const listPath = customerId ? `/customers/${customerId}/requests` : '/service-requests';
  return <RequestDetail requestId={requestId} audience="staff" listPath={listPath} customerPath={customerPath} />;
}
