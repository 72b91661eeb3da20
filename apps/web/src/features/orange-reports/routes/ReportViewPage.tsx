import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useReport } from '../api/reports-api';
import { ReportDetail } from '../components/ReportDetail';
import { reportEditPath, reportsPath } from '../components/paths';

/** /customers/{customerId}/orange-reports/{reportId}/view: the staff view with review and follow-up actions. */
export default function ReportViewPage() {
  const { customerId = '', reportId = '' } = useParams();
  useRecordTitle(useReport(reportId).data?.number);
  const ids = { id: reportId, customerId };
  return (
    <ReportDetail
      key={reportId}
      reportId={reportId}
      audience="staff"
      editPath={reportEditPath(ids)}
      listPath={reportsPath(customerId)}
      proposalPath={`/customers/${encodeURIComponent(customerId)}/proposals/new?orangeReport=${encodeURIComponent(reportId)}`}
    />
  );
}
