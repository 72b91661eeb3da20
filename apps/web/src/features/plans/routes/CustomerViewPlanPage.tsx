import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { usePlan } from '../api/plans-api';
import { LoadState } from '../components/LoadState';
import { PlanView } from '../components/PlanView';

/** /customerView/{customerId}/plans/{planId}/view: a published plan, its progress, acknowledge, comment. */
export default function CustomerViewPlanPage() {
  const { customerId = '', planId = '' } = useParams();
  const plan = usePlan(planId);
  useRecordTitle(plan.data?.name);
  useRecordTitle(plan.data?.customerName, `/customerView/${customerId}`);
  return (
    <LoadState query={plan} what="plan" backPath={`/customerView/${customerId}/plans`}>
      {(data) => <PlanView plan={data} audience="customer" />}
    </LoadState>
  );
}
