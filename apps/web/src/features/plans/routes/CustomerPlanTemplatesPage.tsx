import { useParams } from 'react-router';
import { TemplateList } from '../components/TemplateList';

/** /customers/{customerId}/planTemplates: the property's own templates and the global ones. */
export default function CustomerPlanTemplatesPage() {
  const { customerId = '' } = useParams();
  return <TemplateList key={customerId} customerId={customerId} />;
}
