import { useLocation, useParams } from 'react-router';
import { ThreadList } from '../components/ThreadList';

/** /customers/{customerId}/messages (staff) and /customerView/{customerId}/messages (Property Managers, Board Members). */
export default function CustomerMessagesPage() {
  const { customerId = '' } = useParams();
  const customerView = useLocation().pathname.startsWith('/customerView/');
  const basePath = customerView ? `/customerView/${customerId}/messages` : `/customers/${customerId}/messages`;
  return <ThreadList key={customerId} audience={customerView ? 'customer' : 'staff'} customerId={customerId} basePath={basePath} />;
}
