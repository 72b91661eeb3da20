import { useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconUserCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastError, toastInfo, toastSuccess } from '../../../components/ui/toasts';
import { useBulkAssign } from '../api/requests-api';
import { actionErrorText } from './error-text';
import { useAssigneePicker } from './assignee-picker';
import classes from './RequestList.module.css';

const NOBODY = '__none__';

/** Shown while rows are selected: assign them all to one person (or unassign). */
export function BulkAssignBar({ ids, customerId, onDone, onClear }: { ids: string[]; customerId?: string; onDone: () => void; onClear: () => void }) {
  const { t } = useTranslation('requests');
  const bulk = useBulkAssign();
  const [assignee, setAssignee] = useState<string | null>(null);
  const assignees = useAssigneePicker(customerId, assignee === NOBODY ? null : assignee);

  const assign = async () => {
    if (!assignee) return;
    try {
      const result = await bulk.mutateAsync({ ids, assigneeId: assignee === NOBODY ? null : assignee });
      if (result.updated > 0) toastSuccess(t('bulk.done', { n: result.updated }));
      if (result.skipped.length > 0) {
        const reasons = [...new Set(result.skipped.map((skip) => skip.reason))].map((reason) => t(`bulk.reasons.${reason}`)).join(' ');
        toastInfo(reasons, t('bulk.skipped', { n: result.skipped.length }));
      }
      setAssignee(null);
      onDone();
    } catch (error) {
      toastError(actionErrorText(error, t));
    }
  };

  return (
    <Paper withBorder shadow="md" radius="md" p="sm" className={classes.bulkBar} data-testid="bulk-bar" role="region" aria-label={t('bulk.label')}>
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text fw={600} size="sm" aria-live="polite">
          {t('bulk.selected', { n: ids.length })}
        </Text>
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }} justify="flex-end">
          <Select
            aria-label={t('bulk.assignee')}
            placeholder={t('bulk.choose')}
            {...assignees}
            data={[...assignees.data, { value: NOBODY, label: t('dialogs.assign.nobody') }]}
            value={assignee}
            onChange={setAssignee}
            comboboxProps={{ withinPortal: true, position: 'top' }}
            style={{ flex: '1 1 200px', maxWidth: 320 }}
            data-testid="bulk-assignee"
          />
          <Button leftSection={<IconUserCheck size={16} aria-hidden />} disabled={!assignee} loading={bulk.isPending} onClick={() => void assign()}>
            {t('bulk.assign')}
          </Button>
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} aria-hidden />} onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
