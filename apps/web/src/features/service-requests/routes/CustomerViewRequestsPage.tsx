import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerName } from '../api/requests-api';
import { CustomerRequestList } from '../components/CustomerRequestList';

/** /customerView/{customerId}/requests: the property's requests for its customer-side users. */
export default function CustomerViewRequestsPage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7).
  useRecordTitle(useCustomerName(customerId || undefined).data, `/customerView/${encodeURIComponent(customerId)}`);
  return <CustomerRequestList key={customerId} customerId={customerId} />;
}
