import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OCCURRENCE_STATUSES, PLAN_LIMITS, SKIP_REASONS, occurrenceUpdateSchema, type OccurrenceStatus, type PlanOccurrence, type SkipReason, type UploadedFile } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useIsMobile } from '../../../components/layout/useIsMobile';
import { toastInfo, toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useRecordOccurrence } from '../api/plans-api';
import { addDaysTo } from './calendar';
import { DateField } from '../../../components/forms/DateField';

interface OccurrenceDialogProps {
  planId: string;
  customerId: string;
  /** The plan's quarter: a visit moves within it or up to 30 days after. */
  startDate: string;
  endDate: string;
  occurrence: PlanOccurrence | null;
  service: string;
  onClose: () => void;
}

interface Values {
  status: OccurrenceStatus;
  reason: SkipReason | null;
  date: string;
  note: string;
  photos: UploadedFile[];
}

/** Record one visit: done (with photos), skipped with a reason, moved to another day, or reopened. */
export function OccurrenceDialog({ occurrence, ...rest }: OccurrenceDialogProps) {
  const { t } = useTranslation('plans');
  const mobile = useIsMobile();
  return (
    <Modal opened={occurrence !== null} onClose={rest.onClose} title={t('occurrence.dialogTitle')} size="lg" fullScreen={mobile} closeButtonProps={{ 'aria-label': t('actions.cancel') }}>
      {occurrence && <OccurrenceForm key={occurrence.id} occurrence={occurrence} {...rest} />}
    </Modal>
  );
}

function OccurrenceForm({ planId, customerId, startDate, endDate, occurrence, service, onClose }: OccurrenceDialogProps & { occurrence: PlanOccurrence }) {
  const { t } = useTranslation(['plans', 'offline']);
  const format = useFormat();
  const mobile = useIsMobile();
  const record = useRecordOccurrence();
  const form = useForm<Values>({
    status: occurrence.status === 'planned' ? 'done' : occurrence.status,
    reason: occurrence.reason,
    date: occurrence.date,
    note: occurrence.note,
    photos: [],
  });
  const v = form.values;

  const onSubmit = async () => {
    const saved = await form.submit({
      schema: occurrenceUpdateSchema,
      payload: {
        status: v.status,
        ...(v.status === 'skipped' ? { reason: v.reason } : {}),
        ...(v.status === 'rescheduled' ? { date: v.date } : {}),
        note: v.note,
        photoIds: v.photos.map((photo) => photo.id),
      },
      send: async (data) => ({ plan: await record.mutateAsync({ planId, occurrenceId: occurrence.id, body: data, subject: service }) }),
    });
    if (!saved) return;
    // Offline the visit waits on this device and is sent when the network is back (decision 019).
    if (!saved.plan) toastInfo(t('offline:toast.queued'));
    else toastSuccess(t('occurrence.saved', { service, status: t(`occurrence.status.${v.status}`) }));
    onClose();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="md">
        <div>
          <Text fw={600}>{service}</Text>
          <Text size="sm" c="dimmed">
            {format.date(occurrence.date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
            {occurrence.originalDate !== occurrence.date ? ` · ${t('occurrence.originally', { date: format.date(occurrence.originalDate) })}` : ''}
          </Text>
        </div>
        <FormErrorAlert message={form.formError} />
        <SegmentedControl
          aria-label={t('occurrence.statusLabel')}
          fullWidth
          orientation={mobile ? 'vertical' : 'horizontal'}
          data={OCCURRENCE_STATUSES.map((status) => ({ value: status, label: t(`occurrence.action.${status}`) }))}
          value={v.status}
          onChange={(value) => form.set('status', value)}
          data-testid="occurrence-status"
        />
        {v.status === 'skipped' && (
          <Select
            label={t('occurrence.reason')}
            required
            data={SKIP_REASONS.map((reason) => ({ value: reason, label: t(`occurrence.reasons.${reason}`) }))}
            value={v.reason}
            onChange={(value) => form.set('reason', value)}
            error={form.error('reason')}
          />
        )}
        {v.status === 'rescheduled' && (
          <DateField
            label={t('occurrence.newDate')}
            description={t('occurrence.newDateHint')}
            required
            min={startDate}
            max={addDaysTo(endDate, 30)}
            value={v.date}
            onChange={(day) => form.set('date', day)}
            error={form.error('date')}
          />
        )}
        <Textarea
          label={t('occurrence.note')}
          autosize
          minRows={2}
          maxLength={PLAN_LIMITS.reason}
          value={v.note}
          onChange={(e) => form.set('note', e.currentTarget.value)}
          error={form.error('note')}
        />
        {v.status !== 'planned' && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('occurrence.photos')}
            </Text>
            {occurrence.photos.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('occurrence.photosKept', { count: occurrence.photos.length })}
              </Text>
            )}
            <FileUpload kind="photo" customerId={customerId} onChange={(photos) => form.set('photos', photos.slice(0, PLAN_LIMITS.photos))} />
            {form.error('photoIds') && (
              <Text c="red" size="sm">
                {form.error('photoIds')}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('occurrence.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
