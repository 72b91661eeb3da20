import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconFolder, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { useLibrarySearch } from '../api/library-api';
import { FileTable, errorText } from './FileTable';

interface SearchResultsProps {
  search: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Folders and files anywhere in the library whose name holds the text (only what the caller sees). */
export function SearchResults({ search, page, pageSize, onPage, onPageSize }: SearchResultsProps) {
  const { t } = useTranslation('fileLibrary');
  const result = useLibrarySearch({ search: search.trim(), page, pageSize }, true);
  if (result.isPending) return <ListSkeleton rows={4} columns={3} />;
  if (result.error) return <ErrorState message={errorText(result.error, t('errors.load'))} onRetry={() => void result.refetch()} />;
  const { folders, files } = result.data;
  if (folders.length === 0 && files.total === 0) {
    return <EmptyState icon={<IconSearch size={28} aria-hidden />} title={t('search.noneTitle')} description={t('search.none', { search })} />;
  }
  const folderNames = Object.fromEntries(files.data.map((file) => [file.id, file.folderName]));
  return (
    <Stack gap="lg" data-testid="search-results" style={{ opacity: result.isFetching ? 0.6 : 1 }}>
      {folders.length > 0 && page === 1 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('search.folders', { count: folders.length })}
          </Title>
          <Stack gap={6}>
            {folders.map((folder) => (
              <Group key={folder.id} gap="sm" wrap="nowrap" data-testid="search-folder">
                <IconFolder size={20} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-teal-7)' }} />
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/file-library/${folder.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {folder.name}
                  </Anchor>
                  {folder.path.length > 0 && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {folder.path.map((item) => item.name).join(' / ')}
                    </Text>
                  )}
                </div>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
      {files.total > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('search.files', { count: files.total })}
          </Title>
          <FileTable files={files.data} folderNames={folderNames} />
          {files.total > pageSize && <ListPagination page={page} pageSize={pageSize} total={files.total} onPage={onPage} onPageSize={onPageSize} />}
        </Stack>
      )}
    </Stack>
  );
}
