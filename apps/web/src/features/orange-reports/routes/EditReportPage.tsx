import { useNavigate, useParams } from 'react-router';
import { ReportWizard } from '../components/ReportWizard';
import { reportViewPath } from '../components/paths';

/** /customers/{customerId}/orange-reports/{reportId}/edit: the author's draft or returned report, or a reviewer's edit. */
export default function EditReportPage() {
  const { customerId = '', reportId = '' } = useParams();
  const navigate = useNavigate();
  return <ReportWizard reportId={reportId} customerId={customerId} onSubmitted={(report) => void navigate(reportViewPath(report))} viewPath={reportViewPath} />;
}
