import { useParams } from 'react-router';
import { PlanList } from '../components/PlanList';

/** /customerView/{customerId}/plans: the property's published and completed plans. */
export default function CustomerViewPlansPage() {
  const { customerId = '' } = useParams();
  return <PlanList key={customerId} customerId={customerId} audience="customer" />;
}
