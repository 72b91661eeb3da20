import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useReport } from '../api/reports-api';
import { ReportDetail } from '../components/ReportDetail';
import { customerReportsPath } from '../components/paths';

/** /customerView/{customerId}/orange-reports/{reportId}/view: a published report and the customer's answer to it. */
export default function CustomerViewReportPage() {
  const { customerId = '', reportId = '' } = useParams();
  useRecordTitle(useReport(reportId).data?.number);
  return (
    <ReportDetail
      key={reportId}
      reportId={reportId}
      audience="customer"
      listPath={customerReportsPath(customerId)}
    />
  );
}
