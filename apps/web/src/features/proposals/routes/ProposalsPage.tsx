import { useLocation, useParams } from 'react-router';
import { ProposalList } from '../components/ProposalList';

/** /customers/{customerId}/proposals (staff) and /customerView/{customerId}/proposals (customer users). */
export default function ProposalsPage() {
  const { customerId = '' } = useParams();
  const customerView = useLocation().pathname.startsWith('/customerView/');
  return <ProposalList key={customerId} audience={customerView ? 'customer' : 'staff'} customerId={customerId} />;
}
