import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ReportWizard } from '../components/ReportWizard';
import { reportViewPath } from '../components/paths';

/**
 * /create-orange-report (Crew Leader only): the field wizard. The draft's id goes in the address
 * (`?report=`) as soon as it exists, so a reload or a reopened tab carries on where the user was.
 */
export default function CreateOrangeReportPage() {
  const [params, setParams] = useSearchParams();
  // The report the wizard started with; the address follows a new draft without restarting it.
  const [start, setStart] = useState(() => ({ id: params.get('report') ?? undefined, round: 0 }));

  const restart = (id: string | undefined) => {
    setParams(id ? { report: id } : {}, { replace: !id });
    setStart((previous) => ({ id, round: previous.round + 1 }));
  };

  return (
    <ReportWizard
      key={`${start.id ?? 'new'}-${start.round}`}
      reportId={start.id}
      onDraftCreated={(id) => setParams({ report: id }, { replace: true })}
      onResume={(id) => restart(id)}
      onStartOver={() => restart(undefined)}
      onDiscard={() => restart(undefined)}
      viewPath={reportViewPath}
    />
  );
}
