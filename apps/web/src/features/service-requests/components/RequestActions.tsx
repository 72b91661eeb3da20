import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_LIMITS, type ServiceRequestDetail, type UploadedFile } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { useSession } from '../../../app/session';
import { fieldError } from '../../../app/validation';
import { useOnline } from '../../../app/offline/online';
import type { LocalPhoto } from '../../../app/offline/outbox';
import { DateField } from '../../../components/forms/DateField';
import { TimeField } from '../../../components/forms/TimeField';
import { OfflinePhotoPicker } from '../../../components/offline/OfflinePhotoPicker';
import { toastError, toastInfo, toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { offlinePhotoRefs, requestKeys, useCustomerTeam, usePriorities, useRequestStep, type RequestStep, type ScheduleStepBody } from '../api/requests-api';
import { barActions, primaryAction, type BarAction } from './action-buttons';
import { ActionButtons } from './ActionButtons';
import { actionErrorText } from './error-text';
import { uploadsPending } from './uploads-pending';
import { useRequestLabels } from './labels';
import type { Audience } from './Timeline';

/** Actions that happen on a click; the others open a dialog first. */
const DIRECT: ReadonlySet<BarAction> = new Set(['acknowledge', 'start']);

/** Today's date (`YYYY-MM-DD`) in the user's time zone (the profile's, else the browser's). */
function todayIn(timeZone: string | null | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toLocaleDateString('en-CA');
  }
}

/** The action bar of a request and the dialog each action needs (note, date, reason, photos). */
export function RequestActions({ request, audience }: { request: ServiceRequestDetail; audience: Audience }) {
  const { t } = useTranslation('requests');
  const client = useQueryClient();
  const step = useRequestStep(request.id, request);
  const [dialog, setDialog] = useState<BarAction | null>(null);
  const [busy, setBusy] = useState<BarAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const actions = barActions(request.allowedActions, audience);

  const run = async (action: BarAction, body: RequestStep & { localPhotos?: LocalPhoto[] }): Promise<void> => {
    setBusy(action);
    setError(null);
    setFieldErrors({});
    try {
      const outcome = await step.mutateAsync(body);
      setDialog(null);
      // Saved on the device only: say so, never that it is done (decision 019).
      if (outcome.queued) toastInfo(t('offline:toast.queued'));
      else toastSuccess(t(`actions.done.${action}`, { number: request.number }));
    } catch (failure) {
      setError(actionErrorText(failure, t));
      if (failure instanceof ApiError) {
        setFieldErrors(failure.errors);
        // The request changed under us: show its current state and buttons.
        if (failure.status === 409) void client.invalidateQueries({ queryKey: requestKeys.detail(request.id) });
      }
      // Steps without a dialog have nowhere else to show what went wrong.
      if (DIRECT.has(action)) toastError(actionErrorText(failure, t));
    } finally {
      setBusy(null);
    }
  };

  const select = (action: BarAction) => {
    setError(null);
    setFieldErrors({});
    // An unassigned request is acknowledged in a dialog that offers "assign to me" (issue 17 §2).
    const direct = action === 'start' || (action === 'acknowledge' && (request.assignee !== null || !request.allowedActions.includes('assign')));
    if (direct) void run(action, { action });
    else setDialog(action);
  };

  const close = () => {
    if (!busy) setDialog(null);
  };

  return (
    <>
      <ActionButtons
        actions={actions}
        primary={primaryAction(request.status, actions)}
        status={request.status}
        audience={audience}
        assigned={request.assignee !== null}
        busy={busy}
        onSelect={select}
      />
      {dialog === 'assign' && (
        <AssignDialog request={request} busy={busy === 'assign'} error={error} onClose={close} onSubmit={(body) => void run('assign', { action: 'assign', body })} />
      )}
      {dialog === 'schedule' && (
        <ScheduleDialog
          request={request}
          busy={busy === 'schedule'}
          error={error}
          fieldErrors={fieldErrors}
          onClose={close}
          onSubmit={(body) => void run('schedule', { action: 'schedule', body })}
        />
      )}
      {dialog === 'acknowledge' && (
        <AcknowledgeDialog request={request} busy={busy === 'acknowledge'} error={error} onClose={close} onSubmit={(body) => void run('acknowledge', { action: 'acknowledge', body })} />
      )}
      {dialog === 'complete' && (
        <CompleteDialog
          request={request}
          busy={busy === 'complete'}
          error={error}
          onClose={close}
          onSubmit={(body, localPhotos) => void run('complete', { action: 'complete', body, localPhotos })}
        />
      )}
      {dialog === 'close' && (
        <NoteDialog
          title={audience === 'customer' ? t('dialogs.close.customerTitle') : t('dialogs.close.title')}
          intro={audience === 'customer' ? t('dialogs.close.customerText') : t('dialogs.close.text')}
          submitLabel={audience === 'customer' ? t('actions.confirmClosed') : t('actions.close')}
          noteLabel={t('dialogs.noteOptional')}
          busy={busy === 'close'}
          error={error}
          onClose={close}
          onSubmit={(note) => void run('close', { action: 'close', body: note ? { note } : {} })}
        />
      )}
      {dialog === 'cancel' && (
        <NoteDialog
          title={t('dialogs.cancel.title')}
          intro={t('dialogs.cancel.text')}
          submitLabel={t('dialogs.cancel.submit')}
          noteLabel={t('dialogs.reason')}
          required
          danger
          busy={busy === 'cancel'}
          error={error}
          onClose={close}
          onSubmit={(reason) => void run('cancel', { action: 'cancel', body: { reason } })}
        />
      )}
      {dialog === 'reopen' && (
        <ReopenDialog request={request} busy={busy === 'reopen'} error={error} onClose={close} onSubmit={(reason) => void run('reopen', { action: 'reopen', body: { reason } })} />
      )}
      {dialog === 'priority' && (
        <PriorityDialog request={request} busy={busy === 'priority'} error={error} onClose={close} onSubmit={(body) => void run('priority', { action: 'priority', body })} />
      )}
    </>
  );
}

interface DialogFrameProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  danger?: boolean;
  canSubmit?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

function DialogFrame({ title, submitLabel, busy, error, danger, canSubmit = true, onClose, onSubmit, children }: DialogFrameProps) {
  const { t } = useTranslation('requests');
  const formRef = useRef<HTMLFormElement>(null);
  const [waiting, setWaiting] = useState(false);
  return (
    <Modal opened onClose={onClose} title={title} centered size="md" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const pending = uploadsPending(formRef.current);
          setWaiting(pending);
          if (canSubmit && !busy && !pending) onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          {(error || waiting) && (
            <Alert color="red" variant="light" role="alert">
              {waiting ? t('form.uploading') : error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('dialogs.back')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy} disabled={!canSubmit}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface NoteDialogProps {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  noteLabel: string;
  required?: boolean;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (note: string) => void;
  children?: ReactNode;
}

/** A yes/no step with a note, or a required reason (cancel, reopen). */
function NoteDialog({ title, intro, submitLabel, noteLabel, required, danger, busy, error, onClose, onSubmit, children }: NoteDialogProps) {
  const { t } = useTranslation('requests');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = required && note.trim() === '';
  return (
    <DialogFrame
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      error={error}
      danger={danger}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (!missing) onSubmit(note.trim());
      }}
    >
      <Text size="sm">{intro}</Text>
      {children}
      <Textarea
        label={noteLabel}
        required={required}
        autosize
        minRows={3}
        maxLength={required ? SERVICE_REQUEST_LIMITS.reason : SERVICE_REQUEST_LIMITS.comment}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={touched && missing ? t('validation:required') : undefined}
        data-autofocus
      />
    </DialogFrame>
  );
}

function ReopenDialog({ request, busy, error, onClose, onSubmit }: { request: ServiceRequestDetail; busy: boolean; error: string | null; onClose: () => void; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  return (
    <NoteDialog
      title={t('dialogs.reopen.title')}
      intro={request.reopenUntil ? t('dialogs.reopen.textUntil', { date: format.dateTime(request.reopenUntil) }) : t('dialogs.reopen.text')}
      submitLabel={t('actions.reopen')}
      noteLabel={t('dialogs.reopen.reason')}
      required
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

const UNASSIGNED = '__none__';

function AssignDialog({
  request,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  request: ServiceRequestDetail;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: { assigneeId: string | null; note?: string }) => void;
}) {
  const { t } = useTranslation('requests');
  const { user } = useSession();
  const team = useCustomerTeam(request.customerId);
  const [value, setValue] = useState<string | null>(request.assignee?.id ?? null);
  const [note, setNote] = useState('');
  const members = team.data ?? [];
  const onTeam = user && members.some((member) => member.userId === user.id);
  const data = [
    ...members.map((member) => ({ value: member.userId, label: `${member.name} · ${member.teamRole}` })),
    ...(request.assignee ? [{ value: UNASSIGNED, label: t('dialogs.assign.nobody') }] : []),
  ];
  return (
    <DialogFrame
      title={t('dialogs.assign.title')}
      submitLabel={t('actions.assign')}
      busy={busy}
      error={error}
      canSubmit={value !== null && value !== (request.assignee?.id ?? null)}
      onClose={onClose}
      onSubmit={() => onSubmit({ assigneeId: value === UNASSIGNED ? null : value, ...(note.trim() ? { note: note.trim() } : {}) })}
    >
      <Text size="sm">{t('dialogs.assign.text')}</Text>
      <Select
        label={t('dialogs.assign.assignee')}
        placeholder={team.isPending ? t('loading') : t('dialogs.assign.choose')}
        data={data}
        value={value}
        onChange={setValue}
        searchable
        nothingFoundMessage={t('dialogs.assign.noTeam')}
        comboboxProps={{ withinPortal: true }}
      />
      {onTeam && user && value !== user.id && (
        <Button variant="subtle" size="compact-sm" onClick={() => setValue(user.id)} style={{ alignSelf: 'flex-start' }}>
          {t('dialogs.assign.me')}
        </Button>
      )}
      <Textarea label={t('dialogs.noteOptional')} autosize minRows={2} maxLength={SERVICE_REQUEST_LIMITS.comment} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
    </DialogFrame>
  );
}

function ScheduleDialog({
  request,
  busy,
  error,
  fieldErrors,
  onClose,
  onSubmit,
}: {
  request: ServiceRequestDetail;
  busy: boolean;
  error: string | null;
  fieldErrors: Record<string, string[]>;
  onClose: () => void;
  onSubmit: (body: ScheduleStepBody) => void;
}) {
  const { t } = useTranslation('requests');
  const { user } = useSession();
  const mayAssign = request.allowedActions.includes('assign');
  const team = useCustomerTeam(mayAssign ? request.customerId : undefined);
  const [date, setDate] = useState(request.scheduledDate ?? '');
  const [from, setFrom] = useState(request.scheduledFrom ?? '');
  const [to, setTo] = useState(request.scheduledTo ?? '');
  const [crew, setCrew] = useState<string | null>(request.assignee?.id ?? null);
  const [note, setNote] = useState('');
  const dayValid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  // The window is optional; when both ends are set, "to" comes after "from" (the API says so too).
  const orderWrong = !!from && !!to && from >= to;
  const crewOptions = (team.data ?? []).map((member) => ({ value: member.userId, label: `${member.name} · ${member.teamRole}` }));
  const crewChanged = crew !== null && crew !== (request.assignee?.id ?? null);
  return (
    <DialogFrame
      title={request.status === 'scheduled' ? t('dialogs.schedule.rescheduleTitle') : t('dialogs.schedule.title')}
      submitLabel={request.status === 'scheduled' ? t('actions.reschedule') : t('actions.schedule')}
      busy={busy}
      error={error}
      canSubmit={dayValid && !orderWrong}
      onClose={onClose}
      onSubmit={() =>
        onSubmit({
          scheduledDate: date,
          ...(from ? { scheduledFrom: from } : {}),
          ...(to ? { scheduledTo: to } : {}),
          ...(crewChanged ? { assigneeId: crew } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        })
      }
    >
      <Text size="sm">{t('dialogs.schedule.text')}</Text>
      <DateField
        label={t('dialogs.schedule.date')}
        required
        min={todayIn(user?.timeZone)}
        value={date}
        onChange={setDate}
        error={fieldError(fieldErrors, 'scheduledDate')}
        data-autofocus
        data-testid="schedule-date"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('dialogs.schedule.window')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('dialogs.schedule.windowHint')}
        </Text>
        <Group gap="sm" grow align="flex-start" wrap="nowrap">
          <TimeField label={t('dialogs.schedule.from')} value={from} onChange={setFrom} error={fieldError(fieldErrors, 'scheduledFrom')} data-testid="schedule-from" />
          <TimeField
            label={t('dialogs.schedule.to')}
            value={to}
            onChange={setTo}
            error={orderWrong ? t('dialogs.schedule.order') : fieldError(fieldErrors, 'scheduledTo')}
            data-testid="schedule-to"
          />
        </Group>
      </Stack>
      {mayAssign && (
        <Select
          label={t('dialogs.schedule.crew')}
          placeholder={team.isPending ? t('loading') : t('dialogs.schedule.crewPlaceholder')}
          data={crewOptions}
          value={crew}
          onChange={setCrew}
          searchable
          nothingFoundMessage={t('dialogs.assign.noTeam')}
          comboboxProps={{ withinPortal: true }}
          error={fieldError(fieldErrors, 'assigneeId')}
          data-testid="schedule-crew"
        />
      )}
      <Textarea label={t('dialogs.schedule.note')} autosize minRows={2} maxLength={SERVICE_REQUEST_LIMITS.comment} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
    </DialogFrame>
  );
}

/** Whether the signed-in user is on the request's customer team (so may be its assignee). */
function useMayTakeIt(request: ServiceRequestDetail): string | null {
  const { user } = useSession();
  const team = useCustomerTeam(request.allowedActions.includes('assign') ? request.customerId : undefined);
  return user && (team.data ?? []).some((member) => member.userId === user.id) ? user.id : null;
}

function AssignToMe({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('requests');
  return <Checkbox label={t('dialogs.assign.me')} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} data-testid="assign-to-me" />;
}

/** Acknowledging a request nobody has yet: the one who acknowledges may take it in the same step. */
function AcknowledgeDialog({
  request,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  request: ServiceRequestDetail;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: { note?: string; assigneeId?: string }) => void;
}) {
  const { t } = useTranslation('requests');
  const me = useMayTakeIt(request);
  const [takeIt, setTakeIt] = useState(true);
  const [note, setNote] = useState('');
  return (
    <DialogFrame
      title={t('dialogs.acknowledge.title')}
      submitLabel={t('actions.acknowledge')}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={() => onSubmit({ ...(note.trim() ? { note: note.trim() } : {}), ...(me && takeIt ? { assigneeId: me } : {}) })}
    >
      <Text size="sm">{t('dialogs.acknowledge.text')}</Text>
      {me ? <AssignToMe checked={takeIt} onChange={setTakeIt} /> : <Text size="sm" c="dimmed">{t('dialogs.acknowledge.unassigned')}</Text>}
      <Textarea label={t('dialogs.noteOptional')} autosize minRows={2} maxLength={SERVICE_REQUEST_LIMITS.comment} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
    </DialogFrame>
  );
}

function CompleteDialog({
  request,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  request: ServiceRequestDetail;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: { note?: string; photoIds?: string[]; assigneeId?: string }, localPhotos: LocalPhoto[]) => void;
}) {
  const { t } = useTranslation('requests');
  const online = useOnline();
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [localPhotos, setLocalPhotos] = useState<LocalPhoto[]>([]);
  const photoIds = [...photos.map((p) => p.id), ...offlinePhotoRefs(localPhotos.length)];
  const unassigned = request.assignee === null;
  const me = useMayTakeIt(request);
  const [takeIt, setTakeIt] = useState(true);
  return (
    <DialogFrame
      title={t('dialogs.complete.title')}
      submitLabel={t('actions.complete')}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={() =>
        onSubmit(
          {
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(photoIds.length ? { photoIds } : {}),
            ...(unassigned && me && takeIt ? { assigneeId: me } : {}),
          },
          localPhotos,
        )
      }
    >
      {unassigned && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('dialogs.complete.unassignedTitle')} data-testid="complete-unassigned">
          <Stack gap="xs">
            <Text size="sm">{t('dialogs.complete.unassignedText')}</Text>
            {me && <AssignToMe checked={takeIt} onChange={setTakeIt} />}
          </Stack>
        </Alert>
      )}
      <Text size="sm">{t('dialogs.complete.text')}</Text>
      <Textarea
        label={t('dialogs.complete.note')}
        autosize
        minRows={2}
        maxLength={SERVICE_REQUEST_LIMITS.comment}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        data-autofocus
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('dialogs.complete.photos')}
        </Text>
        {/* Offline, photos stay on the device until the outbox uploads them (decision 019). */}
        {online && localPhotos.length === 0 ? (
          <FileUpload kind="photo" customerId={request.customerId} onChange={setPhotos} />
        ) : (
          <>
            <OfflinePhotoPicker customerId={request.customerId} max={SERVICE_REQUEST_LIMITS.attachments - photos.length} onChange={setLocalPhotos} />
            {localPhotos.length > 0 && (
              <Text size="xs" c="dimmed" mt={4} data-testid="offline-photo-count">
                {t('offline:item.photos', { count: localPhotos.length })}
              </Text>
            )}
          </>
        )}
      </div>
    </DialogFrame>
  );
}

function PriorityDialog({
  request,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  request: ServiceRequestDetail;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: { priorityId: string; note?: string }) => void;
}) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const priorities = usePriorities();
  const [value, setValue] = useState<string | null>(request.priority.id);
  const [note, setNote] = useState('');
  const data = (priorities.data ?? [])
    .filter((p) => !p.retired || p.id === request.priority.id)
    .sort((a, b) => b.rank - a.rank)
    .map((p) => ({ value: p.id, label: labels.priority(p) }));
  return (
    <DialogFrame
      title={t('dialogs.priority.title')}
      submitLabel={t('dialogs.priority.submit')}
      busy={busy}
      error={error}
      canSubmit={!!value && value !== request.priority.id}
      onClose={onClose}
      onSubmit={() => value && onSubmit({ priorityId: value, ...(note.trim() ? { note: note.trim() } : {}) })}
    >
      <Text size="sm">{t('dialogs.priority.text')}</Text>
      <Select label={t('fields.priority')} data={data} value={value} onChange={setValue} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
      <Textarea label={t('dialogs.noteOptional')} autosize minRows={2} maxLength={SERVICE_REQUEST_LIMITS.comment} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
    </DialogFrame>
  );
}
