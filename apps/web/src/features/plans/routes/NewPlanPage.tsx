import { useParams, useSearchParams } from 'react-router';
import { PlanForm } from '../components/PlanForm';

/** /customers/{customerId}/plans/new[?templateId=]: a draft from a template or blank. */
export default function NewPlanPage() {
  const { customerId = '' } = useParams();
  const [params] = useSearchParams();
  return <PlanForm key={customerId} customerId={customerId} templateId={params.get('templateId')} />;
}
