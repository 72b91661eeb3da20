import { useParams } from 'react-router';
import { DocumentList } from '../components/DocumentList';

/** /customerView/{customerId}/documents: the documents shared with the customer. */
export default function CustomerViewDocumentsPage() {
  const { customerId = '' } = useParams();
  return <DocumentList key={customerId} customerId={customerId} audience="customer" newPath={`/customerView/${customerId}/documents/new`} />;
}
