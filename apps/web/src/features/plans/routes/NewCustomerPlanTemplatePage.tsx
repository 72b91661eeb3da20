import { useParams } from 'react-router';
import { TemplateForm } from '../components/TemplateForm';

/** /customers/{customerId}/planTemplates/new: a template tailored to one property. */
export default function NewCustomerPlanTemplatePage() {
  const { customerId = '' } = useParams();
  const base = `/customers/${customerId}/planTemplates`;
  return <TemplateForm customerId={customerId} savedPath={(template) => `${base}/${template.id}/view`} cancelPath={base} />;
}
