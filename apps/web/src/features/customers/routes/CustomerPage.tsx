import { useParams } from 'react-router';
import { CustomerShell } from '../components/CustomerShell';

/** /customers/{customerId}: the staff view of one customer. */
export default function CustomerPage() {
  const { customerId } = useParams();
  return <CustomerShell customerId={customerId} base="/customers/:customerId" listPath="/customers" />;
}
