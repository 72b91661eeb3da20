import { useLocation, useParams } from 'react-router';
import { ThreadView } from '../components/ThreadView';

/** /customers/{customerId}/messages/{messageId}/view and /customerView/{customerId}/messages/{messageId}/view. */
export default function CustomerThreadPage() {
  const { customerId = '', messageId } = useParams();
  const customerView = useLocation().pathname.startsWith('/customerView/');
  const base = customerView ? `/customerView/${customerId}/messages` : `/customers/${customerId}/messages`;
  return <ThreadView key={messageId} threadId={messageId} audience={customerView ? 'customer' : 'staff'} listPath={base} />;
}
