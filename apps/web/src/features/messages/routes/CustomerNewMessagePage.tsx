import { useLocation, useParams } from 'react-router';
import { NewThreadForm } from '../components/NewThreadForm';

/** /customers/{customerId}/messages/new and /customerView/{customerId}/messages/new. */
export default function CustomerNewMessagePage() {
  const { customerId = '' } = useParams();
  const customerView = useLocation().pathname.startsWith('/customerView/');
  const base = customerView ? `/customerView/${customerId}/messages` : `/customers/${customerId}/messages`;
  return <NewThreadForm key={customerId} audience={customerView ? 'customer' : 'staff'} customerId={customerId} detailPath={(id) => `${base}/${id}/view`} cancelPath={base} />;
}
