import { useParams } from 'react-router';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { useCustomerBasics } from '../api/reports-api';
import { ReportList } from '../components/ReportList';
import { reportsPath, reportViewPath } from '../components/paths';

/** /customers/{customerId}/orange-reports: the customer's reports for staff. */
export default function CustomerReportsPage() {
  const { customerId = '' } = useParams();
  useRecordTitle(useCustomerBasics(customerId || undefined).data?.name, `/customers/${encodeURIComponent(customerId)}`);
  const base = reportsPath(customerId);
  return <ReportList key={customerId} customerId={customerId} audience="staff" pathOf={reportViewPath} newPath={`${base}/new`} pendingPath={`${base}/pending`} />;
}
