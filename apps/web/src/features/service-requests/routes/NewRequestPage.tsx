import { useParams } from 'react-router';
import { RequestForm } from '../components/RequestForm';

/** /customers/{customerId}/requests/new: staff file a request on the customer's behalf. */
export default function NewRequestPage() {
  const { customerId = '' } = useParams();
  const base = `/customers/${customerId}/requests`;
  return <RequestForm customerId={customerId} audience="staff" detailPath={(id) => `${base}/${id}/update`} cancelPath={base} />;
}
