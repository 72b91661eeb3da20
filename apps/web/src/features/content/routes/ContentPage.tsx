import { ActionIcon, Alert, Badge, Button, Card, Group, Image, Menu, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDots, IconEdit, IconEye, IconEyeOff, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_STATES, type ContentItem } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { useContentAction, useContentAudienceOptions, useContentList } from '../api/content-api';
import { ContentEditor } from '../components/ContentEditor';
import { CATEGORY_COLORS, STATE_COLORS } from '../components/labels';

const FILTERS = ['state'] as const;

/**
 * /content: announcements and articles for customers — write, publish, and see who opened them, for
 * the audiences within the user's scope; items reaching their customers from beyond it show view only
 * (decision 041). Crew Leaders only read: no "New item", a note says so.
 */
export default function ContentPage() {
  const { t } = useTranslation('content');
  const list = useListParams({ filters: FILTERS, defaultPageSize: 10 });
  const state = CONTENT_STATES.find((s) => s === list.filters.state);
  const { data, error, isPending, isPlaceholderData, refetch } = useContentList({ page: list.page, pageSize: list.pageSize, search: list.search || undefined, state });
  usePageInRange(list, { data, isPlaceholderData });
  const [editing, setEditing] = useState<{ item: ContentItem | null } | null>(null);
  const items = data?.data ?? [];
  const options = useContentAudienceOptions().data;
  const mayAuthor = options?.mayAuthor === true;

  return (
    <Stack gap="md">
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('list.search')}
        actions={
          mayAuthor ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ item: null })} data-testid="content-new">
              {t('list.new')}
            </Button>
          ) : undefined
        }
      >
        <Select
          aria-label={t('list.stateFilter')}
          placeholder={t('list.allStates')}
          data={CONTENT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          value={state ?? null}
          onChange={(value) => list.setFilter('state', value)}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="content-state-filter"
        />
      </ListToolbar>
      {options && !mayAuthor && (
        <Alert color="blue" variant="light" title={t('list.readOnlyTitle')} data-testid="content-read-only">
          {t('list.readOnlyText')}
        </Alert>
      )}
      <ListState
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={items.length === 0}
        emptyState={
          <EmptyState
            icon={<IconSpeakerphone size={28} aria-hidden />}
            title={list.hasFilters ? t('list.noMatchTitle') : t('list.emptyTitle')}
            description={list.hasFilters ? t('list.noMatchText') : mayAuthor ? t('list.emptyText') : undefined}
            action={
              list.hasFilters ? (
                <Button variant="light" onClick={list.clearFilters}>
                  {t('list.clearFilters')}
                </Button>
              ) : undefined
            }
          />
        }
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="content-list">
          {items.map((item) => (
            <ContentCard key={item.id} item={item} onEdit={() => setEditing({ item })} />
          ))}
        </SimpleGrid>
        <ListPagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} onPageSize={list.setPageSize} />
      </ListState>
      {options && <ContentEditor item={editing?.item ?? null} opened={editing !== null} onClose={() => setEditing(null)} options={options} />}
    </Stack>
  );
}

function audienceText(item: ContentItem, t: (key: string, options?: Record<string, unknown>) => string, tRoles: (key: string) => string): string {
  const a = item.audience;
  const base =
    a.type === 'region'
      ? t('audienceText.region', { name: a.regionName ?? '' })
      : a.type === 'branch'
        ? t('audienceText.branch', { name: a.branchName ?? '' })
        : a.type === 'customers'
          ? t('audienceText.customers', { count: a.customers.length, names: a.customers.slice(0, 3).map((c) => c.name).join(', ') })
          : t('audienceText.all');
  return a.roles.length ? `${base} · ${a.roles.map((role) => tRoles(`role.${role}`)).join(', ')}` : base;
}

function ContentCard({ item, onEdit }: { item: ContentItem; onEdit: () => void }) {
  const { t } = useTranslation('content');
  const { t: tRoles } = useTranslation('roles');
  const format = useFormat();
  const confirm = useConfirm();
  const action = useContentAction();
  const thumb = useAuthedFileUrl(item.image?.id ?? null, 'thumb');

  const run = async (kind: 'publish' | 'unpublish' | 'delete') => {
    const texts = {
      publish: { title: t('confirm.publishTitle'), message: t('confirm.publishText'), label: t('actions.publish'), destructive: false },
      unpublish: { title: t('confirm.unpublishTitle'), message: t('confirm.unpublishText'), label: t('actions.unpublish'), destructive: true },
      delete: { title: t('confirm.deleteTitle'), message: t('confirm.deleteText', { title: item.title }), label: t('actions.delete'), destructive: true },
    }[kind];
    if (!(await confirm({ title: texts.title, message: texts.message, confirmLabel: texts.label, destructive: texts.destructive }))) return;
    try {
      await action.mutateAsync({ id: item.id, action: kind });
      toastSuccess(t(`done.${kind}`));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('done.failed'));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="content-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          {thumb && <Image src={thumb} alt="" w={64} h={64} radius="sm" fit="cover" style={{ flexShrink: 0 }} />}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Badge size="sm" color={STATE_COLORS[item.state]} data-testid="content-state">
                {t(`states.${item.state}`)}
              </Badge>
              <Badge size="sm" variant="light" color={CATEGORY_COLORS[item.category]}>
                {t(`categories.${item.category}`)}
              </Badge>
              <Badge size="sm" variant="outline" color="gray">
                {t(`kinds.${item.kind}`)}
              </Badge>
            </Group>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {audienceText(item, t, tRoles)}
            </Text>
          </Stack>
        </Group>
        {!item.canManage ? (
          <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }} data-testid="content-view-only">
            {t('list.viewOnly')}
          </Badge>
        ) : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('actions.more', { title: item.title })} data-testid="content-actions">
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
                {t('actions.edit')}
              </Menu.Item>
              {item.status === 'draft' ? (
                <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => void run('publish')} data-testid="content-publish">
                  {t('actions.publish')}
                </Menu.Item>
              ) : (
                <Menu.Item leftSection={<IconEyeOff size={16} aria-hidden />} onClick={() => void run('unpublish')}>
                  {t('actions.unpublish')}
                </Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void run('delete')}>
                {t('actions.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Stack gap={4} mt="sm">
        <Text size="xs" c="dimmed">
          {item.status === 'published'
            ? t('dates.published', { start: format.dateTime(item.publishAt && item.publishAt > (item.publishedAt ?? '') ? item.publishAt : (item.publishedAt ?? item.createdAt)) })
            : t('dates.updated', { date: format.dateTime(item.updatedAt) })}
          {item.expireAt ? ` · ${t('dates.expires', { date: format.dateTime(item.expireAt) })}` : ''}
        </Text>
        {item.status === 'published' && item.reach && (
          <Stack gap={2} data-testid="content-reach">
            <Text size="sm">{t('reach.text', { opened: format.number(item.reach.opened), audience: format.number(item.reach.audience) })}</Text>
            <Progress value={item.reach.audience > 0 ? (item.reach.opened / item.reach.audience) * 100 : 0} size="sm" aria-hidden />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

