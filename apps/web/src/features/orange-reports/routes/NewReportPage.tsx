import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { useReport } from '../api/reports-api';
import { draftMemoryKey, forgetDraft, recallDraft, rememberDraft } from '../components/draft-memory';
import { ReportWizard } from '../components/ReportWizard';
import { reportViewPath } from '../components/paths';

/**
 * /customers/{customerId}/orange-reports/new: staff write a report for this customer (same wizard).
 * Once the draft exists its id is in the address (`?report=`) and remembered for this user and
 * customer, so a reload — or coming back to "new" later — carries on with it; "Discard draft"
 * deletes it and starts afresh.
 */
export default function NewReportPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const memory = draftMemoryKey(user?.id, customerId);
  const [start, setStart] = useState(() => ({ id: params.get('report') ?? recallDraft(memory) ?? undefined, round: 0 }));
  const resumed = useReport(start.id);

  const restart = () => {
    forgetDraft(memory);
    setParams({}, { replace: true });
    setStart((previous) => ({ id: undefined, round: previous.round + 1 }));
  };

  // A remembered draft that is gone (deleted) or was sent meanwhile: start a new one instead.
  const gone = resumed.error instanceof ApiError && resumed.error.status === 404;
  const moved = !!resumed.data && (resumed.data.status !== 'draft' || resumed.data.customerId !== customerId);
  useEffect(() => {
    if (start.id && (gone || moved)) restart();
    // restart only changes state; running it again for the same answer is what the guard prevents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start.id, gone, moved]);
  // A draft resumed from memory shows in the address too, like one made here.
  const inAddress = params.get('report');
  useEffect(() => {
    if (start.id && !inAddress && !gone && !moved) setParams({ report: start.id }, { replace: true });
  }, [start.id, inAddress, gone, moved, setParams]);
  if (start.id && (gone || moved)) return null;

  return (
    <ReportWizard
      key={`${start.id ?? 'new'}-${start.round}`}
      customerId={customerId}
      reportId={start.id}
      onDraftCreated={(id) => {
        rememberDraft(memory, id);
        setParams({ report: id }, { replace: true });
      }}
      onDiscard={restart}
      onSubmitted={(report) => {
        forgetDraft(memory);
        void navigate(reportViewPath(report));
      }}
      viewPath={reportViewPath}
    />
  );
}
