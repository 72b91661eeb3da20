import { useParams } from 'react-router';
import { ReportList } from '../components/ReportList';
import { customerReportViewPath } from '../components/paths';

/** /customerView/{customerId}/orange-reports: the published reports of the customer. */
export default function CustomerViewReportsPage() {
  const { customerId = '' } = useParams();
  return <ReportList key={customerId} customerId={customerId} audience="customer" pathOf={customerReportViewPath} />;
}
