import { useParams } from 'react-router';
import { DocumentForm } from '../components/DocumentForm';

/** /customerView/{customerId}/documents/new: a customer user shares a document with Grove and their team. */
export default function CustomerViewNewDocumentPage() {
  const { customerId = '' } = useParams();
  return <DocumentForm customerId={customerId} audience="customer" listPath={`/customerView/${customerId}/documents`} />;
}
