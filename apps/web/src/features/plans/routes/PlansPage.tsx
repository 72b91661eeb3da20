import { useParams } from 'react-router';
import { PlanList } from '../components/PlanList';

/** /customers/{customerId}/plans: the property's 90-day plans, drafts included. */
export default function PlansPage() {
  const { customerId = '' } = useParams();
  return <PlanList key={customerId} customerId={customerId} audience="staff" />;
}
