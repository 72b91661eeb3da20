import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCloudCheck, IconCloudOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FieldErrors, OrangeReportDetail } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useOnline } from '../../../app/offline/online';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { StepWizard } from '../../../components/ui/StepWizard';
import { StepWizardActions } from '../../../components/ui/StepWizardActions';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { createReportDraft, deleteReportDraft, isLocalReport, reportStep, saveReport, staffDetail, useDetailUpdate, useStaffReport, wasFiledOnDevice } from '../api/reports-api';
import { CustomerStep } from './steps/CustomerStep';
import { PhotosStep } from './steps/PhotosStep';
import { RecommendationsStep } from './steps/RecommendationsStep';
import { ReviewStep } from './steps/ReviewStep';
import { WhatStep } from './steps/WhatStep';
import { WhereStep } from './steps/WhereStep';
import { bodyFromForm, emptyForm, type FormPatch, formFromReport, missingForSubmit, stepOfField, type WizardForm, type WizardStepKey } from './wizard-form';
import classes from './ReportWizard.module.css';

export interface ReportWizardProps {
  /** The crew wizard starts by choosing the customer; staff pages have it fixed. */
  customerId?: string;
  /** A report to continue: a draft, a returned report, or a reviewer's edit before approving. */
  reportId?: string;
  /** A draft was created on the server (the crew page keeps its id in the address). */
  onDraftCreated?: (id: string) => void;
  /** The report's page. */
  viewPath: (report: { id: string; customerId: string }) => string;
  /** After submitting: the crew see a done panel (with "start another"), staff go to the report. */
  onSubmitted?: (report: OrangeReportDetail) => void;
  onStartOver?: () => void;
  /** The crew wizard offers the caller's drafts and returned reports to continue. */
  onResume?: (id: string) => void;
  /** Offers "Discard draft" while the report is a draft: it is deleted, then this runs (start afresh). */
  onDiscard?: () => void;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The upload widget reports finished files only: a photo still on its way must not be left out. */
function uploadsPending(): boolean {
  return !!document.querySelector('[data-testid="orange-photos"] [data-status="uploading"], [data-testid="orange-photos"] [data-status="queued"]');
}

/**
 * Writing an orange report, one step at a time, made for a phone held in one hand: the steps sit
 * at the top, big controls, Back / Next at the bottom within thumb reach. The draft is saved on the
 * server as the user goes (a second after typing stops, and at every step), so a closed tab
 * loses nothing; the total is the server's.
 */
export function ReportWizard(props: ReportWizardProps) {
  const existing = useStaffReport(props.reportId);
  const { t } = useTranslation('orangeReports');
  if (props.reportId && existing.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('wizard.loading')} />
      </Group>
    );
  }
  if (props.reportId && existing.isError) {
    const notFound = existing.error instanceof ApiError && existing.error.status === 404;
    return <ErrorState title={notFound ? t('notFound.title') : undefined} message={notFound ? t('notFound.text') : undefined} onRetry={notFound ? undefined : () => void existing.refetch()} />;
  }
  return <WizardBody key={props.reportId ?? 'new'} {...props} initial={existing.data ?? null} />;
}

function WizardBody({ customerId: fixedCustomer, initial, onDraftCreated, viewPath, onSubmitted, onStartOver, onResume, onDiscard }: ReportWizardProps & { initial: OrangeReportDetail | null }) {
  const { t } = useTranslation(['orangeReports', 'offline']);
  const detailUpdate = useDetailUpdate();
  const confirm = useConfirm();
  const pickCustomer = !fixedCustomer && !initial;
  const stepKeys: WizardStepKey[] = [...(pickCustomer ? (['customer'] as const) : []), 'where', 'what', 'photos', 'recommendations', 'review'];
  const [current, setCurrent] = useState(0);
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(
    initial ? { id: initial.customerId, name: initial.customerName } : fixedCustomer ? { id: fixedCustomer, name: '' } : null,
  );
  const [form, setForm] = useState<WizardForm>(() => (initial ? formFromReport(initial) : emptyForm()));
  const [report, setReport] = useState<OrangeReportDetail | null>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  /** The form has changes the server does not have yet (totals shown are then out of date). */
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState<OrangeReportDetail | null>(null);

  // The form and report as of the last render, for saves that run after it.
  const formRef = useRef(form);
  const reportRef = useRef(report);
  useEffect(() => {
    formRef.current = form;
    reportRef.current = report;
  }, [form, report]);
  const version = useRef(0);
  const savedVersion = useRef(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const createKey = useRef<{ customerId: string; key: string } | null>(null);

  const editable = !initial || initial.allowedActions.includes('edit');
  const reviewing = report?.status === 'submitted';
  const key = stepKeys[current] ?? 'review';

  const update = useCallback((patch: FormPatch) => {
    version.current += 1;
    setDirty(true);
    setForm((previous) => ({ ...previous, ...(typeof patch === 'function' ? patch(previous) : patch) }));
  }, []);

  /** PUT the form when it changed since the last save; saves run one after another. */
  const save = useCallback((): Promise<boolean> => {
    const run = chain.current.then(async () => {
      const id = reportRef.current?.id;
      if (!id || savedVersion.current === version.current) return true;
      const at = version.current;
      setSaveState('saving');
      try {
        const fresh = await saveReport(id, bodyFromForm(formRef.current));
        savedVersion.current = Math.max(savedVersion.current, at);
        setReport(fresh);
        reportRef.current = fresh;
        detailUpdate(fresh);
        setSaveState(at === version.current ? 'saved' : 'saving');
        if (at === version.current) setDirty(false);
        setErrors({});
        return true;
      } catch (error) {
        setSaveState('error');
        if (error instanceof ApiError && error.status === 400) setErrors(error.errors);
        return false;
      }
    });
    chain.current = run;
    return run;
  }, [detailUpdate]);

  // Saved a second after the last change.
  useEffect(() => {
    if (!report || !editable || version.current === savedVersion.current) return;
    const timer = setTimeout(() => void save(), 1000);
    return () => clearTimeout(timer);
  }, [form, report, editable, save]);

  /** The draft is created once the customer is known (first Next). */
  const ensureDraft = async (): Promise<OrangeReportDetail | null> => {
    if (reportRef.current) return reportRef.current;
    if (!customer) return null;
    if (createKey.current?.customerId !== customer.id) createKey.current = { customerId: customer.id, key: crypto.randomUUID() };
    setSaveState('saving');
    const created = await createReportDraft({ customerId: customer.id, foundOn: formRef.current.foundOn }, createKey.current.key);
    setReport(created);
    reportRef.current = created;
    detailUpdate(created);
    setSaveState('saved');
    onDraftCreated?.(created.id);
    // Anything typed before the draft existed goes in the next save.
    return created;
  };

  const goTo = (index: number) => {
    setCurrent(index);
    requestAnimationFrame(() => document.getElementById('orange-wizard-step')?.focus());
  };

  const next = async () => {
    setFailure(null);
    if (key === 'customer' && !customer) {
      setErrors({ customerId: [t('wizard.chooseCustomerFirst')] });
      return;
    }
    if (key === 'photos' && uploadsPending()) {
      setFailure(t('wizard.stillUploading'));
      return;
    }
    setBusy(true);
    try {
      await ensureDraft();
      await save();
      goTo(current + 1);
    } catch (error) {
      setSaveState('error');
      setFailure(error instanceof ApiError ? error.message : t('wizard.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setFailure(null);
    if (uploadsPending()) {
      setFailure(t('wizard.stillUploading'));
      return;
    }
    setBusy(true);
    try {
      await ensureDraft();
      const saved = await save();
      const id = reportRef.current!.id;
      if (!saved) {
        setFailure(t('wizard.fixErrors'));
        return;
      }
      // A reviewer's edit only saves; the author sends the report for review.
      const done = reviewing ? reportRef.current! : staffDetail(await reportStep(id, { action: 'submit' }));
      detailUpdate(done);
      setReport(done);
      if (onSubmitted && !wasFiledOnDevice(done)) onSubmitted(done);
      else setSubmitted(done);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(error.errors);
        setFailure(t('wizard.fixErrors'));
      } else setFailure(error instanceof ApiError ? error.message : t('wizard.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    const draft = reportRef.current;
    if (!draft || !onDiscard) return;
    if (!(await confirm({ title: t('wizard.discardTitle'), message: t('wizard.discardQuestion', { number: draft.number }), confirmLabel: t('wizard.discard') }))) return;
    setBusy(true);
    try {
      // Saves still queued must not recreate what is being deleted.
      await chain.current.catch(() => undefined);
      await deleteReportDraft(draft.id);
      toastSuccess(t('wizard.discarded', { number: draft.number }));
      onDiscard();
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : t('wizard.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (submitted && wasFiledOnDevice(submitted)) {
    // Filed without a network: it waits in the outbox (decision 019), nothing to open yet.
    return (
      <Paper withBorder radius="md" p="lg" data-testid="orange-wizard-done" data-queued="true">
        <Stack align="center" gap="md" ta="center">
          <IconCloudCheck size={48} color="var(--mantine-color-orange-8)" aria-hidden />
          <Title order={2} size="h3">
            {t('offline:reports.doneTitle')}
          </Title>
          <Text>{t('offline:reports.doneText')}</Text>
          <Stack gap="sm" w="100%" maw={360}>
            <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onStartOver}>
              {t('wizard.startAnother')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    );
  }

  if (submitted) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="orange-wizard-done">
        <Stack align="center" gap="md" ta="center">
          <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
          <Title order={2} size="h3">
            {t('wizard.doneTitle', { number: submitted.number })}
          </Title>
          <Text>{t('wizard.doneText', { customer: submitted.customerName })}</Text>
          <Stack gap="sm" w="100%" maw={360}>
            <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onStartOver}>
              {t('wizard.startAnother')}
            </Button>
            <Button size="md" variant="default" component={Link} to={viewPath(submitted)}>
              {t('wizard.viewReport')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    );
  }

  if (!editable && initial) {
    return (
      <Alert color="orange" variant="light" title={t('wizard.notEditableTitle')} data-testid="orange-wizard-locked">
        <Stack gap="xs">
          <Text size="sm">{t('wizard.notEditableText')}</Text>
          <Anchor component={Link} to={viewPath(initial)}>
            {t('wizard.viewReport')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  const stepLabels: Record<WizardStepKey, string> = {
    customer: t('wizard.steps.customer'),
    where: t('wizard.steps.where'),
    what: t('wizard.steps.what'),
    photos: t('wizard.steps.photos'),
    recommendations: t('wizard.steps.recommendations'),
    review: t('wizard.steps.review'),
  };
  const errorSteps = new Set(Object.keys(errors).map(stepOfField));
  const isLast = current === stepKeys.length - 1;
  const customerId = customer?.id ?? fixedCustomer ?? '';

  return (
    <Stack gap="md" className={classes.wizard} data-testid="orange-wizard">
      <Paper withBorder radius="md" p="sm" className={classes.progress}>
        <StepWizard steps={stepKeys.map((k) => ({ label: stepLabels[k] }))} current={current} onStepClick={goTo} label={t('wizard.progress')} />
        <div className={classes.progressFooter}>
          <SaveIndicator state={saveState} hasDraft={!!report} number={report?.number} onDevice={!!report && (isLocalReport(report.id) || !report.number)} />
          {onDiscard && report?.status === 'draft' && (
            <Button variant="subtle" color="red" size="compact-xs" mt={6} className={classes.discard} leftSection={<IconTrash size={14} aria-hidden />} onClick={() => void discard()} disabled={busy} data-testid="orange-wizard-discard">
              {t('wizard.discard')}
            </Button>
          )}
        </div>
      </Paper>

      {report?.status === 'returned' && 'returnComment' in report && report.returnComment && (
        <Alert color="red" variant="light" title={t('wizard.returnedTitle')} data-testid="orange-wizard-returned">
          {report.returnComment}
        </Alert>
      )}
      {reviewing && (
        <Alert color="orange" variant="light" data-testid="orange-wizard-reviewing">
          {t('wizard.reviewerHint')}
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <section id="orange-wizard-step" tabIndex={-1} aria-labelledby="orange-wizard-heading" className={classes.step}>
          <Title order={2} size="h4" id="orange-wizard-heading" mb="md">
            {stepLabels[key]}
          </Title>
          {key === 'customer' && (
            <CustomerStep
              value={customer}
              locked={!!report}
              onChange={(chosen) => {
                setErrors({});
                setCustomer(chosen);
              }}
              onResume={onResume}
              error={errors.customerId?.join(' ')}
            />
          )}
          {key === 'where' && <WhereStep customerId={customerId} form={form} update={update} errors={errors} />}
          {key === 'what' && <WhatStep form={form} update={update} errors={errors} />}
          {key === 'recommendations' && <RecommendationsStep form={form} update={update} errors={errors} report={report} reviewer={reviewing} saving={dirty || saveState === 'saving'} />}
          {key === 'review' && (
            <ReviewStep
              form={form}
              report={report}
              customerName={customer?.name || report?.customerName || ''}
              missing={missingForSubmit(form)}
              errorSteps={errorSteps}
              stepLabels={stepLabels}
              onEdit={(step) => goTo(stepKeys.indexOf(step))}
            />
          )}
          {/* The photos step stays mounted so uploads carry on while the user moves between steps. */}
          <div hidden={key !== 'photos'}>
            {customerId && <PhotosStep customerId={customerId} form={form} update={update} errors={errors} />}
          </div>
        </section>

        {failure && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {failure}
          </Alert>
        )}
        <div className={classes.actions} data-sticky-actions>
          <StepWizardActions
            isFirst={current === 0}
            isLast={isLast}
            onBack={() => goTo(Math.max(0, current - 1))}
            onNext={() => void (isLast ? submit() : next())}
            submitting={busy}
            finishLabel={reviewing ? t('wizard.saveChanges') : t('wizard.submit')}
          />
        </div>
      </Paper>
    </Stack>
  );
}

function SaveIndicator({ state, hasDraft, number, onDevice }: { state: SaveState; hasDraft: boolean; number?: string; onDevice?: boolean }) {
  const { t } = useTranslation(['orangeReports', 'offline']);
  const online = useOnline();
  if (!hasDraft) return null;
  const text =
    state === 'saving' ? t('wizard.saving') : state === 'error' ? t('wizard.notSaved') : onDevice || !online ? t('offline:reports.savedOnDevice') : t('wizard.saved', { number });
  return (
    <Text size="xs" c={state === 'error' ? 'red.8' : 'dimmed'} mt={6} className={classes.saveState} aria-live="polite" data-testid="orange-wizard-save-state" data-state={state}>
      {state === 'error' ? <IconCloudOff size={14} aria-hidden /> : <IconCloudCheck size={14} aria-hidden />}
      {text}
    </Text>
  );
}
