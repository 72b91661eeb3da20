import { useParams } from 'react-router';
import { ReportList } from '../components/ReportList';
import { reportsPath, reportViewPath } from '../components/paths';

/** /customers/{customerId}/orange-reports: the customer's reports for staff. */
export default function CustomerReportsPage() {
  const { customerId = '' } = useParams();
  const base = reportsPath(customerId);
  return <ReportList key={customerId} customerId={customerId} audience="staff" pathOf={reportViewPath} newPath={`${base}/new`} pendingPath={`${base}/pending`} />;
}
