import { TemplateList } from '../components/TemplateList';

/** /planTemplates: the global templates (restricted roles, spec §6). */
export default function PlanTemplatesPage() {
  return <TemplateList />;
}
