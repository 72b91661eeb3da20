import { useParams } from 'react-router';
import { CustomerRequestList } from '../components/CustomerRequestList';

/** /customerView/{customerId}/requests: the property's requests for its customer-side users. */
export default function CustomerViewRequestsPage() {
  const { customerId = '' } = useParams();
  return <CustomerRequestList key={customerId} customerId={customerId} />;
}
