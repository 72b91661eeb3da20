import { useParams } from 'react-router';
import { useTemplate } from '../api/templates-api';
import { LoadState } from '../components/LoadState';
import { TemplateForm } from '../components/TemplateForm';

/** /customers/{customerId}/planTemplates/{templateId}/edit. */
export default function EditCustomerPlanTemplatePage() {
  const { customerId = '', templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const base = `/customers/${customerId}/planTemplates`;
  return (
    <LoadState query={template} what="template" backPath={base}>
      {(data) => <TemplateForm key={data.id} customerId={data.customerId} template={data} savedPath={(saved) => `${base}/${saved.id}/view`} cancelPath={`${base}/${data.id}/view`} />}
    </LoadState>
  );
}
