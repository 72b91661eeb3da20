import { PendingQueue } from '../components/PendingQueue';

/** /orange-reports/pending: every report waiting for the caller's review, oldest first. */
export default function PendingReportsPage() {
  return <PendingQueue />;
}
