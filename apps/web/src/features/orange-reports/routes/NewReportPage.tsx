import { useNavigate, useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerBasics } from '../api/reports-api';
import { ReportWizard } from '../components/ReportWizard';
import { reportViewPath } from '../components/paths';

/** /customers/{customerId}/orange-reports/new: staff write a report for this customer (same wizard; the draft is in the list once created). */
export default function NewReportPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  useRecordTitle(useCustomerBasics(customerId || undefined).data?.name, `/customers/${encodeURIComponent(customerId)}`);
  return (
    <ReportWizard
      customerId={customerId}
      onSubmitted={(report) => void navigate(reportViewPath(report))}
      viewPath={reportViewPath}
    />
  );
}
