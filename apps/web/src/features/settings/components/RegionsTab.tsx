import { Fragment, useState } from 'react';
import { ActionIcon, Button, Group, Table, Text } from '@mantine/core';
import { IconMapPin, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Branch, Region } from '@grove/shared';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListState } from '../../../components/ui/ListState';
import { useBranches, useRegions } from '../api/settings-api';
import { BranchForm, RegionForm } from './RegionForms';
import { SettingsModal } from './SettingsModal';

type Editing = { kind: 'region'; region: Region | null } | { kind: 'branch'; branch: Branch | null; regionId: string | null };

/** Regions, each with its branches; System Admin adds and changes them. */
export function RegionsTab({ admin }: { admin: boolean }) {
  const { t } = useTranslation('settings');
  const regions = useRegions();
  const branches = useBranches();
  const [editing, setEditing] = useState<Editing | null>(null);
  const regionList = regions.data ?? [];
  const close = () => setEditing(null);
  // On phones the header is too narrow for the title and both buttons.
  const phone = useMediaQuery('(max-width: 48em)');
  const addButtons = (
    <Group gap="xs">
      <Button size="xs" variant="default" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing({ kind: 'region', region: null })}>
        {t('regions.add')}
      </Button>
      <Button
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => setEditing({ kind: 'branch', branch: null, regionId: null })}
        disabled={regionList.length === 0}
      >
        {t('branches.add')}
      </Button>
    </Group>
  );

  return (
    <ContentCard title={t('regions.title')} actions={admin && !phone ? addButtons : undefined} data-testid="regions-card">
      {admin && phone && (
        <Group justify="flex-end" mb="sm">
          {addButtons}
        </Group>
      )}
      <ListState
        loading={regions.isPending || branches.isPending}
        error={regions.error ?? branches.error}
        onRetry={() => void Promise.all([regions.refetch(), branches.refetch()])}
        empty={regionList.length === 0}
        emptyState={<EmptyState icon={<IconMapPin size={28} aria-hidden />} title={t('regions.emptyTitle')} description={t('regions.emptyText')} />}
        skeletonColumns={3}
      >
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" data-testid="regions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('branches.name')}</Table.Th>
                <Table.Th>{t('branches.timeZone')}</Table.Th>
                {admin && <Table.Th w={60}>{t('table.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {regionList.map((region) => {
                const own = (branches.data ?? []).filter((branch) => branch.regionId === region.id);
                return (
                  <Fragment key={region.id}>
                    <Table.Tr bg="var(--mantine-color-gray-light)">
                      <Table.Td colSpan={2}>
                        <Text fw={600} size="sm">
                          {region.name}
                        </Text>
                      </Table.Td>
                      {admin && (
                        <Table.Td>
                          <ActionIcon variant="subtle" aria-label={t('regions.edit', { name: region.name })} onClick={() => setEditing({ kind: 'region', region })}>
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      )}
                    </Table.Tr>
                    {own.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={admin ? 3 : 2}>
                          <Text size="sm" c="dimmed">
                            {t('branches.none')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    {own.map((branch) => (
                      <Table.Tr key={branch.id}>
                        <Table.Td pl="lg">{branch.name}</Table.Td>
                        <Table.Td>{branch.timeZone}</Table.Td>
                        {admin && (
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('branches.edit', { name: branch.name })}
                              onClick={() => setEditing({ kind: 'branch', branch, regionId: branch.regionId })}
                            >
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {admin && (
        <>
          <SettingsModal
            opened={editing?.kind === 'region'}
            title={editing?.kind === 'region' && editing.region ? t('regions.editTitle') : t('regions.newTitle')}
            onClose={close}
          >
            {editing?.kind === 'region' && <RegionForm region={editing.region} onDone={close} />}
          </SettingsModal>
          <SettingsModal
            opened={editing?.kind === 'branch'}
            title={editing?.kind === 'branch' && editing.branch ? t('branches.editTitle') : t('branches.newTitle')}
            onClose={close}
          >
            {editing?.kind === 'branch' && <BranchForm branch={editing.branch} regionId={editing.regionId} regions={regionList} onDone={close} />}
          </SettingsModal>
        </>
      )}
    </ContentCard>
  );
}
