import { useLocation, useParams } from 'react-router';
import { InvoiceList } from '../components/InvoiceList';

/** /customers/{customerId}/invoices (staff) and /customerView/{customerId}/invoices (customer users). */
export default function InvoicesPage() {
  const { customerId = '' } = useParams();
  const customerView = useLocation().pathname.startsWith('/customerView/');
  return <InvoiceList key={customerId} audience={customerView ? 'customer' : 'staff'} customerId={customerId} />;
}
