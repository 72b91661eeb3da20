import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerName } from '../api/requests-api';
import { RequestForm } from '../components/RequestForm';

/** /customerView/{customerId}/requests/new: the short phone-friendly form. */
export default function CustomerViewNewRequestPage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7).
  useRecordTitle(useCustomerName(customerId || undefined).data, `/customerView/${encodeURIComponent(customerId)}`);
  const base = `/customerView/${customerId}/requests`;
  return <RequestForm customerId={customerId} audience="customer" detailPath={(id) => `${base}/${id}/update`} cancelPath={base} />;
}
