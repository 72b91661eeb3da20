import { useState } from 'react';
import { Alert, Badge, Button, Group, Table } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequestType } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListState } from '../../../components/ui/ListState';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useReferenceMutations, useRequestTypeSettings } from '../api/settings-api';
import { RequestTypeForm } from './ReferenceForms';
import { SettingsModal } from './SettingsModal';

/** Service request types: everyone on staff reads them; System Admin adds, renames, retires and deletes. */
export function RequestTypesTab({ admin }: { admin: boolean }) {
  const { t } = useTranslation('settings');
  const confirm = useConfirm();
  const types = useRequestTypeSettings();
  const { updateType, deleteType } = useReferenceMutations();
  const [editing, setEditing] = useState<{ type: ServiceRequestType | null } | null>(null);
  // Said next to the table, not in a passing toast: the admin needs to know to retire instead.
  const [inUse, setInUse] = useState<string | null>(null);
  const rows = types.data ?? [];

  const setRetired = async (type: ServiceRequestType, retired: boolean) => {
    try {
      await updateType.mutateAsync({ id: type.id, body: { retired } });
      toastSuccess(t(retired ? 'types.retired' : 'types.restored', { name: type.name }));
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('actions.failed'));
    }
  };

  const remove = async (type: ServiceRequestType) => {
    const yes = await confirm({ title: t('types.deleteTitle'), message: t('types.deleteQuestion', { name: type.name }), confirmLabel: t('actions.delete') });
    if (!yes) return;
    setInUse(null);
    try {
      await deleteType.mutateAsync(type.id);
      toastSuccess(t('types.deleted', { name: type.name }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setInUse(t('types.inUse', { name: type.name }));
      else toastError(failure instanceof Error ? failure.message : t('actions.failed'));
    }
  };

  return (
    <ContentCard
      title={t('types.title')}
      actions={
        admin ? (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing({ type: null })}>
            {t('types.add')}
          </Button>
        ) : undefined
      }
      data-testid="types-card"
    >
      {inUse && (
        <Alert color="orange" title={t('types.cannotDelete')} withCloseButton closeButtonLabel={t('form.close')} onClose={() => setInUse(null)} mb="md" role="alert" data-testid="type-in-use">
          {inUse}
        </Alert>
      )}
      <ListState
        loading={types.isPending}
        error={types.error}
        onRetry={() => void types.refetch()}
        empty={rows.length === 0}
        emptyState={<EmptyState icon={<IconListDetails size={28} aria-hidden />} title={t('types.emptyTitle')} description={t('types.emptyText')} />}
        skeletonColumns={3}
      >
        <Table.ScrollContainer minWidth={admin ? 640 : 420}>
          <Table verticalSpacing="xs" striped data-testid="types-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('types.name')}</Table.Th>
                <Table.Th>{t('types.code')}</Table.Th>
                <Table.Th>{t('table.status')}</Table.Th>
                {admin && <Table.Th>{t('table.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((type) => (
                <Table.Tr key={type.id} data-testid={`type-${type.code}`}>
                  <Table.Td>{type.name}</Table.Td>
                  <Table.Td>
                    <code>{type.code}</code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={type.retired ? 'gray' : 'green'}>
                      {type.retired ? t('table.retired') : t('table.active')}
                    </Badge>
                  </Table.Td>
                  {admin && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing({ type })}>
                          {t('actions.rename')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="gray"
                          leftSection={type.retired ? <IconArchiveOff size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />}
                          onClick={() => void setRetired(type, !type.retired)}
                        >
                          {type.retired ? t('actions.restore') : t('actions.retire')}
                        </Button>
                        <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => void remove(type)}>
                          {t('actions.delete')}
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
        <SettingsModal opened={editing !== null} title={editing?.type ? t('types.editTitle') : t('types.newTitle')} onClose={() => setEditing(null)}>
          {editing && <RequestTypeForm type={editing.type} onDone={() => setEditing(null)} />}
        </SettingsModal>
      )}
    </ContentCard>
  );
}
