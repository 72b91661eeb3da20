import { useParams } from 'react-router';
import { DocumentList } from '../components/DocumentList';

/** /customers/{customerId}/documents: every document of the customer, staff-only ones included. */
export default function CustomerDocumentsPage() {
  const { customerId = '' } = useParams();
  return <DocumentList key={customerId} customerId={customerId} audience="staff" newPath={`/customers/${customerId}/documents/new`} />;
}
