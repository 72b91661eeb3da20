import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerPlace } from '../api/plans-api';
import { useParams } from 'react-router';
import { PlanList } from '../components/PlanList';

/** /customers/{customerId}/plans: the property's 90-day plans, drafts included. */
export default function PlansPage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7), also before the first plan exists.
  useRecordTitle(useCustomerPlace(customerId || undefined).data?.name, `/customers/${customerId}`);
  return <PlanList key={customerId} customerId={customerId} audience="staff" />;
}
