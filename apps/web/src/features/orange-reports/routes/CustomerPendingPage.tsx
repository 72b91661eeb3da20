import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerBasics } from '../api/reports-api';
import { PendingQueue } from '../components/PendingQueue';

/** /customers/{customerId}/orange-reports/pending: this customer's reports waiting for review. */
export default function CustomerPendingPage() {
  const { customerId = '' } = useParams();
  useRecordTitle(useCustomerBasics(customerId || undefined).data?.name, `/customers/${encodeURIComponent(customerId)}`);
  return <PendingQueue key={customerId} customerId={customerId} />;
}
