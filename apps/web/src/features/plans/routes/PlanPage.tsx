import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { usePlan } from '../api/plans-api';
import { LoadState } from '../components/LoadState';
import { PlanView } from '../components/PlanView';

/** /customers/{customerId}/plans/{planId}/view: the plan for staff (publish, edit, record visits). */
export default function PlanPage() {
  const { customerId = '', planId = '' } = useParams();
  const plan = usePlan(planId);
  useRecordTitle(plan.data?.name);
  useRecordTitle(plan.data?.customerName, `/customers/${customerId}`);
  return (
    <LoadState query={plan} what="plan" backPath={`/customers/${customerId}/plans`}>
      {(data) => <PlanView plan={data} audience="staff" />}
    </LoadState>
  );
}
