import { useParams } from 'react-router';
import { PendingQueue } from '../components/PendingQueue';

/** /customers/{customerId}/orange-reports/pending: this customer's reports waiting for review. */
export default function CustomerPendingPage() {
  const { customerId = '' } = useParams();
  return <PendingQueue key={customerId} customerId={customerId} />;
}
