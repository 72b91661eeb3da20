import { useParams } from 'react-router';
import { RequestDetail } from '../components/RequestDetail';

/** /customerView/{customerId}/requests/{requestId}/update: progress, timeline, comment, close or reopen. */
export default function CustomerViewRequestPage() {
  const { customerId = '', requestId } = useParams();
  return <RequestDetail requestId={requestId} audience="customer" listPath={`/customerView/${customerId}/requests`} />;
}
