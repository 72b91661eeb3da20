import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus, IconSearch, IconTools, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORANGE_SERVICE_CATEGORIES, localizedName, type OrangeReportService, type OrangeServiceCategory } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListState } from '../../../components/ui/ListState';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useCatalogueMutations, useCatalogueSettings } from '../api/settings-api';
import { CatalogueServiceForm } from './CatalogueServiceForm';
import { SettingsModal } from './SettingsModal';

type StatusFilter = 'active' | 'retired' | 'all';

/**
 * The orange-report service catalogue (issue 10): every staff member reads it; System Admin adds,
 * edits, prices, retires and deletes (only unused services; used ones are retired instead).
 */
export function ServiceCatalogueTab({ admin }: { admin: boolean }) {
  const { t, i18n } = useTranslation('orangeReports');
  const format = useFormat();
  const confirm = useConfirm();
  const services = useCatalogueSettings();
  const { updateService, deleteService } = useCatalogueMutations();
  const [editing, setEditing] = useState<{ service: OrangeReportService | null } | null>(null);
  const [inUse, setInUse] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<OrangeServiceCategory | null>(null);
  const [status, setStatus] = useState<StatusFilter>('active');
  const nameOf = (service: OrangeReportService) => localizedName(service.names, i18n.language);

  const all = services.data ?? [];
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (services.data ?? []).filter((service) => {
      if (status === 'active' && service.retired) return false;
      if (status === 'retired' && !service.retired) return false;
      if (category && service.category !== category) return false;
      if (!needle) return true;
      return [...Object.values(service.names), service.description].some((text) => text?.toLocaleLowerCase().includes(needle));
    });
  }, [services.data, search, category, status]);
  const filtered = search.trim() !== '' || category !== null || status !== 'active';

  const setRetired = async (service: OrangeReportService, retired: boolean) => {
    try {
      await updateService.mutateAsync({ id: service.id, body: { retired } });
      toastSuccess(t(retired ? 'catalogue.retiredToast' : 'catalogue.restoredToast', { name: nameOf(service) }));
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('catalogue.failed'));
    }
  };

  const remove = async (service: OrangeReportService) => {
    const name = nameOf(service);
    const yes = await confirm({ title: t('catalogue.deleteTitle'), message: t('catalogue.deleteQuestion', { name }), confirmLabel: t('catalogue.delete') });
    if (!yes) return;
    setInUse(null);
    try {
      await deleteService.mutateAsync(service.id);
      toastSuccess(t('catalogue.deleted', { name }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setInUse(t('catalogue.inUse', { name }));
      else toastError(failure instanceof Error ? failure.message : t('catalogue.failed'));
    }
  };

  const price = (service: OrangeReportService) =>
    service.unitPriceCents === null
      ? t('catalogue.perJob')
      : t('catalogue.pricePer', { price: format.money(service.unitPriceCents / 100), unit: t(`units.${service.unit}`) });

  return (
    <ContentCard
      title={t('catalogue.title')}
      actions={
        admin ? (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing({ service: null })}>
            {t('catalogue.add')}
          </Button>
        ) : undefined
      }
      data-testid="catalogue-card"
    >
      <Text size="sm" c="dimmed" mb="md">
        {t('catalogue.intro')}
      </Text>
      {inUse && (
        <Alert color="orange" title={t('catalogue.cannotDelete')} withCloseButton closeButtonLabel={t('catalogue.close')} onClose={() => setInUse(null)} mb="md" role="alert" data-testid="service-in-use">
          {inUse}
        </Alert>
      )}
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          aria-label={t('catalogue.search')}
          placeholder={t('catalogue.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          aria-label={t('catalogue.category')}
          placeholder={t('catalogue.allCategories')}
          data={ORANGE_SERVICE_CATEGORIES.map((value) => ({ value, label: t(`serviceCategories.${value}`) }))}
          value={category}
          onChange={(value) => setCategory(value)}
          clearable
          style={{ flex: '0 1 220px' }}
        />
        <SegmentedControl
          aria-label={t('catalogue.status')}
          value={status}
          onChange={(value) => setStatus(value)}
          data={[
            { value: 'active', label: t('catalogue.active') },
            { value: 'retired', label: t('catalogue.retired') },
            { value: 'all', label: t('catalogue.all') },
          ]}
        />
      </Group>
      <ListState
        loading={services.isPending}
        error={services.error}
        onRetry={() => void services.refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconTools size={28} aria-hidden />}
            title={filtered && all.length > 0 ? t('catalogue.noMatchTitle') : t('catalogue.emptyTitle')}
            description={filtered && all.length > 0 ? t('catalogue.noMatchText') : t('catalogue.emptyText')}
            action={
              filtered && all.length > 0 ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setSearch('');
                    setCategory(null);
                    setStatus('active');
                  }}
                >
                  {t('catalogue.clearFilters')}
                </Button>
              ) : undefined
            }
          />
        }
        skeletonColumns={5}
      >
        <Table.ScrollContainer minWidth={admin ? 860 : 620}>
          <Table verticalSpacing="xs" striped data-testid="catalogue-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalogue.service')}</Table.Th>
                <Table.Th>{t('catalogue.category')}</Table.Th>
                <Table.Th>{t('catalogue.price')}</Table.Th>
                <Table.Th>{t('catalogue.status')}</Table.Th>
                {admin && <Table.Th>{t('catalogue.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((service) => (
                <Table.Tr key={service.id} data-testid="catalogue-row">
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {nameOf(service)}
                      </Text>
                      {service.description && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {service.description}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{t(`serviceCategories.${service.category}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{price(service)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge variant="light" color={service.retired ? 'gray' : 'green'} style={{ overflow: 'visible' }} miw="fit-content">
                      {service.retired ? t('catalogue.retired') : t('catalogue.active')}
                    </Badge>
                  </Table.Td>
                  {admin && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconPencil size={14} aria-hidden />}
                          aria-label={t('catalogue.editNamed', { name: nameOf(service) })}
                          onClick={() => setEditing({ service })}
                        >
                          {t('catalogue.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="gray"
                          leftSection={service.retired ? <IconArchiveOff size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />}
                          onClick={() => void setRetired(service, !service.retired)}
                        >
                          {service.retired ? t('catalogue.restore') : t('catalogue.retire')}
                        </Button>
                        <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => void remove(service)}>
                          {t('catalogue.delete')}
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
        <SettingsModal opened={editing !== null} title={editing?.service ? t('catalogue.editTitle') : t('catalogue.newTitle')} onClose={() => setEditing(null)}>
          {editing && <CatalogueServiceForm service={editing.service} onDone={() => setEditing(null)} />}
        </SettingsModal>
      )}
    </ContentCard>
  );
}
