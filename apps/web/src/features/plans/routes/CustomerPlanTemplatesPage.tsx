import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerPlace } from '../api/plans-api';
import { useParams } from 'react-router';
import { TemplateList } from '../components/TemplateList';

/** /customers/{customerId}/planTemplates: the property's own templates and the global ones. */
export default function CustomerPlanTemplatesPage() {
  const { customerId = '' } = useParams();
  // The customer's crumb carries its name (issue 17 §7), also before the first plan exists.
  useRecordTitle(useCustomerPlace(customerId || undefined).data?.name, `/customers/${customerId}`);
  return <TemplateList key={customerId} customerId={customerId} />;
}
