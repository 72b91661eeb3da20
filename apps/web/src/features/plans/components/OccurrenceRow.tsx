import { ActionIcon, Anchor, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconEdit, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanOccurrence } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { OccurrenceBadge } from './PlanBadges';

interface OccurrenceRowProps {
  occurrence: PlanOccurrence;
  service: string;
  /** Staff may record visits: a quick "Done" and the full dialog. */
  canTick: boolean;
  busy: boolean;
  onDone: () => void;
  onOpen: () => void;
  onPhoto: (photo: { id: string; name: string }) => void;
  /** Show the date (lists grouped by month); the week view names the day above. */
  showDate?: boolean;
}

/** One dated visit: when, what, its status, who recorded it, photos, and the crew's actions. */
export function OccurrenceRow({ occurrence: o, service, canTick, busy, onDone, onOpen, onPhoto, showDate = true }: OccurrenceRowProps) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const when = format.date(o.date, { weekday: 'short', day: 'numeric', month: 'short' });
  const recordLabel = t('occurrence.recordNamed', { service, date: when });
  return (
    <Paper withBorder radius="sm" px="sm" py={8} data-testid="occurrence-row" data-status={o.status}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            {showDate && (
              <Text size="sm" fw={600} miw={90}>
                {when}
              </Text>
            )}
            <Text size="sm">{service}</Text>
            <OccurrenceBadge status={o.status} overdue={o.overdue} />
          </Group>
          {(o.reason || o.note || o.updatedBy || o.originalDate !== o.date) && (
            <Text size="xs" c="dimmed" mt={2}>
              {[
                o.originalDate !== o.date ? t('occurrence.originally', { date: format.date(o.originalDate) }) : null,
                o.reason ? t(`occurrence.reasons.${o.reason}`) : null,
                o.note || null,
                o.updatedBy && o.updatedAt ? t('occurrence.by', { name: o.updatedBy.name, date: format.dateTime(o.updatedAt) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
          {o.photos.length > 0 && (
            <Group gap={8} mt={4}>
              {o.photos.map((photo) => (
                <Anchor key={photo.id} component="button" type="button" size="xs" onClick={() => onPhoto(photo)}>
                  <Group gap={2} wrap="nowrap">
                    <IconPhoto size={14} aria-hidden />
                    {photo.name}
                  </Group>
                </Anchor>
              ))}
            </Group>
          )}
        </div>
        {canTick && (
          <Group gap={4} wrap="nowrap">
            {o.status !== 'done' && (
              <Button size="compact-sm" variant="light" color="teal" leftSection={<IconCheck size={14} aria-hidden />} loading={busy} onClick={onDone} aria-label={t('occurrence.doneNamed', { service, date: when })}>
                {t('occurrence.action.done')}
              </Button>
            )}
            <Tooltip label={t('occurrence.record')}>
              <ActionIcon variant="subtle" color="gray" onClick={onOpen} aria-label={recordLabel}>
                <IconEdit size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
