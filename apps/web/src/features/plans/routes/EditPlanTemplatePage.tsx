import { useParams } from 'react-router';
import { useTemplate } from '../api/templates-api';
import { LoadState } from '../components/LoadState';
import { TemplateForm } from '../components/TemplateForm';

/** /planTemplates/{templateId}/edit: a global template. */
export default function EditPlanTemplatePage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  return (
    <LoadState query={template} what="template" backPath="/planTemplates">
      {(data) => <TemplateForm key={data.id} customerId={data.customerId} template={data} savedPath={() => '/planTemplates'} cancelPath="/planTemplates" />}
    </LoadState>
  );
}
