import { Anchor, Badge, Button, Group, Menu, Paper, SegmentedControl, Select, Stack, Text, ActionIcon } from '@mantine/core';
import { IconCalendarPlus, IconCopy, IconDots, IconPencil, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PLAN_SEASONS, type PlanTemplateSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { useCopyTemplate, useDeleteTemplate, useTemplateList } from '../api/templates-api';
import { SeasonBadge } from './SeasonBadge';

interface TemplateListProps {
  /** A customer's templates page (its own and the global ones); none: the global templates page. */
  customerId?: string;
}

const FILTERS = ['season', 'scope'] as const;
const SCOPES = ['all', 'customer', 'global'] as const;

/**
 * Templates with search, season filter and paging. On a customer's page, its own (tailored)
 * templates come first; global ones can be tailored (copied) for the property or used directly
 * for a new plan.
 */
export function TemplateList({ customerId }: TemplateListProps) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const params = useListParams({ filters: FILTERS });
  const scope = customerId ? (SCOPES.find((one) => one === params.filters.scope) ?? 'all') : 'global';
  const list = useTemplateList({ ...params.query, scope, customerId });
  usePageInRange(params, list);
  const remove = useDeleteTemplate();
  const copy = useCopyTemplate();
  const base = customerId ? `/customers/${customerId}/planTemplates` : '/planTemplates';
  const editPath = (row: PlanTemplateSummary) => (row.customerId ? `/customers/${row.customerId}/planTemplates/${row.id}/edit` : `/planTemplates/${row.id}/edit`);
  const viewPath = (row: PlanTemplateSummary) => (customerId ? `${base}/${row.id}/view` : row.canEdit ? editPath(row) : null);

  const onDelete = async (row: PlanTemplateSummary) => {
    const ok = await confirm({ title: t('templates.deleteTitle'), message: t('templates.deleteText', { name: row.name }), confirmLabel: t('actions.delete') });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toastSuccess(t('templates.deleted', { name: row.name }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('errors.generic'));
    }
  };

  const onCopy = async (row: PlanTemplateSummary) => {
    if (!customerId) return;
    try {
      const created = await copy.mutateAsync({ id: row.id, customerId });
      toastSuccess(t('templates.copied', { name: row.name }));
      void navigate(`/customers/${customerId}/planTemplates/${created.id}/edit`);
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('errors.generic'));
    }
  };

  const rows = list.data?.data ?? [];
  const newButton = (
    <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
      {customerId ? t('templates.newForCustomer') : t('templates.new')}
    </Button>
  );

  return (
    <ContentCard>
      <ListToolbar search={params.search} onSearch={params.setSearch} searchLabel={t('templates.search')} actions={newButton}>
        <Select
          aria-label={t('templates.season')}
          placeholder={t('templates.allSeasons')}
          data={PLAN_SEASONS.map((season) => ({ value: season, label: t(`season.${season}`) }))}
          value={params.filters.season ?? null}
          onChange={(value) => params.setFilter('season', value)}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        {customerId && (
          <SegmentedControl
            aria-label={t('templates.scopeLabel')}
            value={scope}
            onChange={(value) => params.setFilter('scope', value === 'all' ? null : value)}
            data={[
              { value: 'all', label: t('templates.scope.all') },
              { value: 'customer', label: t('templates.scope.customer') },
              { value: 'global', label: t('templates.scope.global') },
            ]}
          />
        )}
      </ListToolbar>
      <ListState
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconTemplate size={28} aria-hidden />}
            title={params.hasFilters ? t('templates.noMatch') : t('templates.empty')}
            description={params.hasFilters ? undefined : customerId ? t('templates.emptyCustomerText') : t('templates.emptyText')}
            action={
              params.hasFilters ? (
                <Button variant="light" onClick={params.clearFilters}>
                  {t('actions.clearFilters')}
                </Button>
              ) : (
                newButton
              )
            }
          />
        }
      >
        <Stack gap="sm" data-testid="template-list">
          {rows.map((row) => {
            const view = viewPath(row);
            return (
              <Paper key={row.id} withBorder radius="md" p="md" data-testid="template-row">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs">
                      {view ? (
                        <Anchor component={Link} to={view} fw={600}>
                          {row.name}
                        </Anchor>
                      ) : (
                        <Text fw={600}>{row.name}</Text>
                      )}
                      <SeasonBadge season={row.season} />
                      {customerId && (
                        <Badge variant="outline" color={row.customerId ? 'orange' : 'gray'} size="sm">
                          {row.customerId ? t('templates.scope.customerBadge') : t('templates.scope.globalBadge')}
                        </Badge>
                      )}
                      {row.regionName && (
                        <Badge variant="outline" color="gray" size="sm">
                          {row.regionName}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {row.services.join(' · ')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('templates.itemCount', { count: row.itemCount })} · {t('templates.updated', { date: format.date(row.updatedAt) })}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {customerId && (
                      <Button
                        component={Link}
                        to={`/customers/${customerId}/plans/new?templateId=${row.id}`}
                        variant="light"
                        size="xs"
                        leftSection={<IconCalendarPlus size={14} aria-hidden />}
                        visibleFrom="sm"
                      >
                        {t('templates.usePlan')}
                      </Button>
                    )}
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={t('templates.actionsFor', { name: row.name })}>
                          <IconDots size={18} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {customerId && (
                          <Menu.Item component={Link} to={`/customers/${customerId}/plans/new?templateId=${row.id}`} leftSection={<IconCalendarPlus size={16} aria-hidden />}>
                            {t('templates.usePlan')}
                          </Menu.Item>
                        )}
                        {customerId && !row.customerId && (
                          <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void onCopy(row)}>
                            {t('templates.tailor')}
                          </Menu.Item>
                        )}
                        {row.canEdit && (
                          <Menu.Item component={Link} to={editPath(row)} leftSection={<IconPencil size={16} aria-hidden />}>
                            {t('actions.edit')}
                          </Menu.Item>
                        )}
                        {row.canEdit && (
                          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete(row)}>
                            {t('actions.delete')}
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        <ListPagination page={params.page} pageSize={params.pageSize} total={list.data?.total ?? 0} onPage={params.setPage} onPageSize={params.setPageSize} />
      </ListState>
    </ContentCard>
  );
}
