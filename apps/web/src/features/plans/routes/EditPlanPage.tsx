import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { usePlan } from '../api/plans-api';
import { LoadState } from '../components/LoadState';
import { PlanForm } from '../components/PlanForm';

/** /customers/{customerId}/plans/{planId}/edit: a draft, or a revision of a published plan. */
export default function EditPlanPage() {
  const { customerId = '', planId = '' } = useParams();
  const plan = usePlan(planId);
  useRecordTitle(plan.data?.customerName, `/customers/${customerId}`);
  return (
    <LoadState query={plan} what="plan" backPath={`/customers/${customerId}/plans`}>
      {(data) => <PlanForm key={`${data.id}-${data.version}`} customerId={data.customerId} plan={data} />}
    </LoadState>
  );
}
