import { useParams } from 'react-router';
import { DocumentForm } from '../components/DocumentForm';

/** /customers/{customerId}/documents/new: staff add a document and choose who sees it. */
export default function NewDocumentPage() {
  const { customerId = '' } = useParams();
  return <DocumentForm customerId={customerId} audience="staff" listPath={`/customers/${customerId}/documents`} />;
}
