import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerPlace } from '../api/plans-api';
import { useParams, useSearchParams } from 'react-router';
import { PlanForm } from '../components/PlanForm';

/** /customers/{customerId}/plans/new[?templateId=]: a draft from a template or blank. */
export default function NewPlanPage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7), also before the first plan exists.
  useRecordTitle(useCustomerPlace(customerId || undefined).data?.name, `/customers/${customerId}`);
  const [params] = useSearchParams();
  return <PlanForm key={customerId} customerId={customerId} templateId={params.get('templateId')} />;
}
