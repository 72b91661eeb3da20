import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerPlace } from '../api/plans-api';
import { useParams } from 'react-router';
import { TemplateForm } from '../components/TemplateForm';

/** /customers/{customerId}/planTemplates/new: a template tailored to one property. */
export default function NewCustomerPlanTemplatePage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7), also before the first plan exists.
  useRecordTitle(useCustomerPlace(customerId || undefined).data?.name, `/customers/${customerId}`);
  const base = `/customers/${customerId}/planTemplates`;
  return <TemplateForm customerId={customerId} savedPath={(template) => `${base}/${template.id}/view`} cancelPath={base} />;
}
