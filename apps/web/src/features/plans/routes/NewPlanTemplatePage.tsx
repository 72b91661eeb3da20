import { TemplateForm } from '../components/TemplateForm';

/** /planTemplates/new: a global template. */
export default function NewPlanTemplatePage() {
  return <TemplateForm customerId={null} savedPath={() => '/planTemplates'} cancelPath="/planTemplates" />;
}
