import { ActionIcon, Badge, Box, Button, Group, Paper, Select, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconEyeOff, IconFolder, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DOCUMENT_CATEGORIES, DOCUMENT_VISIBILITIES, type DocumentSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useIsMobile } from '../../../components/layout/useIsMobile';
import { DownloadButton, FilePreviewModal, type PreviewFile } from '../../../components/preview';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { SortableTh } from '../../../components/ui/SortableTh';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { formatBytes } from '../../../components/upload/upload-messages';
import { useDocumentList } from '../api/documents-api';
import { DocumentDrawer } from './DocumentDrawer';
import { CATEGORY_ICONS, type Audience } from './labels';

const FILTERS = ['category', 'visibility'] as const;

export function VisibilityBadge({ visibility }: { visibility: string }) {
  const { t } = useTranslation('documents');
  return visibility === 'staff' ? (
    <Badge color="gray" variant="light" leftSection={<IconEyeOff size={12} aria-hidden />}>
      {t('visibility.staff')}
    </Badge>
  ) : (
    <Badge color="teal" variant="light" leftSection={<IconUsers size={12} aria-hidden />}>
      {t('visibility.customer')}
    </Badge>
  );
}

function toPreview(row: DocumentSummary): PreviewFile {
  return { id: row.file.id, name: row.file.name, mimeType: row.file.mimeType, size: row.file.size, hasWeb: !!row.file.webUrl };
}

/**
 * A customer's documents: search, category (and for staff visibility) filters, sortable columns,
 * paging, preview and download in place; a row opens the document with its versions.
 */
export function DocumentList({ customerId, audience, newPath }: { customerId: string; audience: Audience; newPath: string }) {
  const { t } = useTranslation('documents');
  const format = useFormat();
  const mobile = useIsMobile();
  const list = useListParams({ defaultSort: '-updated', filters: FILTERS });
  const [params, setParams] = useSearchParams();
  const openId = params.get('document');
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const staff = audience === 'staff';
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useDocumentList({ ...list.query, customerId, ...(staff ? {} : { visibility: undefined }) });
  usePageInRange(list, { data, isPlaceholderData });
  const rows = data?.data ?? [];

  const open = (id: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('document', id);
        else next.delete('document');
        return next;
      },
      { replace: false },
    );

  const addButton = (
    <Button component={Link} to={newPath} leftSection={<IconPlus size={16} aria-hidden />} data-testid="new-document">
      {t('list.add')}
    </Button>
  );

  const titleCell = (row: DocumentSummary) => {
    const Icon = CATEGORY_ICONS[row.category];
    return (
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Icon size={22} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-teal-7)' }} />
        <Box miw={0}>
          <Button variant="transparent" p={0} h="auto" onClick={() => open(row.id)} styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }} data-testid="document-title">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.title}
            </Text>
          </Button>
          <Text size="xs" c="dimmed" truncate title={row.file.name}>
            {row.file.name} · {formatBytes(row.file.size)}
            {row.version > 1 ? ` · ${t('list.version', { version: row.version })}` : ''}
          </Text>
        </Box>
      </Group>
    );
  };

  const actions = (row: DocumentSummary) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('list.preview')}>
        <ActionIcon variant="subtle" onClick={() => setPreview(toPreview(row))} aria-label={t('list.previewNamed', { title: row.title })}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <DownloadButton file={{ id: row.file.id, name: row.file.name }} variant="subtle" />
    </Group>
  );

  return (
    <Stack gap={0}>
      <ListToolbar search={list.search} onSearch={list.setSearch} searchLabel={t('list.search')} actions={addButton}>
        <Select
          aria-label={t('list.category')}
          placeholder={t('list.allCategories')}
          data={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
          value={list.filters.category ?? null}
          onChange={(value) => list.setFilter('category', value)}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        {staff && (
          <Select
            aria-label={t('list.visibility')}
            placeholder={t('list.anyVisibility')}
            data={DOCUMENT_VISIBILITIES.map((value) => ({ value, label: t(`visibility.${value}`) }))}
            value={list.filters.visibility ?? null}
            onChange={(value) => list.setFilter('visibility', value)}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        )}
      </ListToolbar>
      <ListState
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={
          list.hasFilters ? (
            <EmptyState title={t('list.noMatchTitle')} description={t('list.noMatchText')} action={<Button variant="light" onClick={list.clearFilters}>{t('list.clearFilters')}</Button>} />
          ) : (
            <EmptyState icon={<IconFolder size={28} aria-hidden />} title={t('list.emptyTitle')} description={staff ? t('list.emptyStaff') : t('list.emptyCustomer')} action={addButton} />
          )
        }
      >
        {mobile ? (
          <Stack gap="sm" style={{ opacity: isFetching ? 0.6 : 1 }} data-testid="document-list">
            {rows.map((row) => (
              <Paper key={row.id} withBorder radius="md" p="sm" data-testid="document-row">
                <Stack gap={6}>
                  {titleCell(row)}
                  <Group gap={6} wrap="wrap">
                    <Badge variant="outline" color="gray">
                      {t(`category.${row.category}`)}
                    </Badge>
                    {staff && <VisibilityBadge visibility={row.visibility} />}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('list.uploaded', { name: row.uploadedBy?.name ?? t('list.unknown'), date: format.date(row.updatedAt) })}
                  </Text>
                  {actions(row)}
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover style={{ opacity: isFetching ? 0.6 : 1 }} data-testid="document-list">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="title" sort={list.sort} onSort={list.setSort}>
                    {t('list.columns.title')}
                  </SortableTh>
                  <SortableTh field="category" sort={list.sort} onSort={list.setSort}>
                    {t('list.columns.category')}
                  </SortableTh>
                  {staff && <Table.Th>{t('list.columns.visibility')}</Table.Th>}
                  <SortableTh field="updated" sort={list.sort} onSort={list.setSort}>
                    {t('list.columns.updated')}
                  </SortableTh>
                  <Table.Th>
                    <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="document-row">
                    <Table.Td maw={420}>{titleCell(row)}</Table.Td>
                    <Table.Td>{t(`category.${row.category}`)}</Table.Td>
                    {staff && (
                      <Table.Td>
                        <VisibilityBadge visibility={row.visibility} />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm">{format.date(row.updatedAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {row.uploadedBy?.name ?? t('list.unknown')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{actions(row)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>
      {data && data.total > 0 && <ListPagination page={list.page} pageSize={list.pageSize} total={data.total} totalExact={data.totalExact} onPage={list.setPage} onPageSize={list.setPageSize} />}
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
      <DocumentDrawer documentId={openId} audience={audience} onClose={() => open(null)} />
    </Stack>
  );
}
