import { useState } from 'react';
import { Badge, Button, Group, Table } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconFlag, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequestPriority } from '@grove/shared';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListState } from '../../../components/ui/ListState';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { usePrioritySettings, useReferenceMutations } from '../api/settings-api';
import { PriorityForm } from './ReferenceForms';
import { SettingsModal } from './SettingsModal';

/** Priorities with their response and resolution targets; System Admin changes and retires them. */
export function PrioritiesTab({ admin }: { admin: boolean }) {
  const { t } = useTranslation('settings');
  const priorities = usePrioritySettings();
  const { updatePriority } = useReferenceMutations();
  const [editing, setEditing] = useState<ServiceRequestPriority | null>(null);
  // Most urgent first.
  const rows = [...(priorities.data ?? [])].sort((a, b) => b.rank - a.rank);

  const setRetired = async (priority: ServiceRequestPriority, retired: boolean) => {
    try {
      await updatePriority.mutateAsync({ id: priority.id, body: { retired } });
      toastSuccess(t(retired ? 'priorities.retired' : 'priorities.restored', { name: priority.name }));
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('actions.failed'));
    }
  };

  return (
    <ContentCard title={t('priorities.title')} data-testid="priorities-card">
      <ListState
        loading={priorities.isPending}
        error={priorities.error}
        onRetry={() => void priorities.refetch()}
        empty={rows.length === 0}
        emptyState={<EmptyState icon={<IconFlag size={28} aria-hidden />} title={t('priorities.emptyTitle')} description={t('priorities.emptyText')} />}
        skeletonColumns={4}
      >
        <Table.ScrollContainer minWidth={admin ? 680 : 520}>
          <Table verticalSpacing="xs" striped data-testid="priorities-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('priorities.name')}</Table.Th>
                <Table.Th>{t('priorities.response')}</Table.Th>
                <Table.Th>{t('priorities.resolution')}</Table.Th>
                <Table.Th>{t('table.status')}</Table.Th>
                {admin && <Table.Th>{t('table.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((priority) => (
                <Table.Tr key={priority.id}>
                  <Table.Td>{priority.name}</Table.Td>
                  <Table.Td>{t(`priorities.target.${priority.clock}`, { hours: priority.responseTargetHours })}</Table.Td>
                  <Table.Td>{t(`priorities.target.${priority.clock}`, { hours: priority.resolutionTargetHours })}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={priority.retired ? 'gray' : 'green'}>
                      {priority.retired ? t('table.retired') : t('table.active')}
                    </Badge>
                  </Table.Td>
                  {admin && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(priority)}>
                          {t('actions.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="gray"
                          leftSection={priority.retired ? <IconArchiveOff size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />}
                          onClick={() => void setRetired(priority, !priority.retired)}
                        >
                          {priority.retired ? t('actions.restore') : t('actions.retire')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {admin && (
        <SettingsModal opened={editing !== null} title={t('priorities.editTitle')} onClose={() => setEditing(null)}>
          {editing && <PriorityForm priority={editing} onDone={() => setEditing(null)} />}
        </SettingsModal>
      )}
    </ContentCard>
  );
}
