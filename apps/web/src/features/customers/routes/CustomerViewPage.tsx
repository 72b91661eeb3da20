import { useParams } from 'react-router';
import { CustomerShell } from '../components/CustomerShell';

/** /customerView/{customerId}: a customer-side user's own property. */
export default function CustomerViewPage() {
  const { customerId } = useParams();
  return <CustomerShell customerId={customerId} base="/customerView/:customerId" listPath="/customerView/dashboard" />;
}
