import { useParams } from 'react-router';
import { RequestForm } from '../components/RequestForm';

/** /customerView/{customerId}/requests/new: the short phone-friendly form. */
export default function CustomerViewNewRequestPage() {
  const { customerId = '' } = useParams();
  const base = `/customerView/${customerId}/requests`;
  return <RequestForm customerId={customerId} audience="customer" detailPath={(id) => `${base}/${id}/update`} cancelPath={base} />;
}
