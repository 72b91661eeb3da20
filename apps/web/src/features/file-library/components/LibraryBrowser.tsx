import { useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconFolderPlus, IconFolderShare, IconLock, IconPencil, IconTrash, IconUpload, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  LIBRARY_FILE_SORTS,
  folderCreateSchema,
  folderUpdateSchema,
  LIBRARY_LIMITS,
  type FolderDetail,
  type FolderSummary,
  type StaffRole,
  type UploadedFile,
} from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { useListParams, type ListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useAddFiles, useCreateFolder, useDeleteFolder, useFolder, useFolderFiles, useMoveFolder, useTopFolders, useUpdateFolder } from '../api/library-api';
import { FileTable, errorText } from './FileTable';
import { MoveDialog, NameDialog, RolesDialog } from './LibraryDialogs';
import { SearchResults } from './SearchResults';

export const libraryPath = (id?: string | null) => (id ? `/file-library/${id}` : '/file-library');

/** `/file-library` (folderId null) and `/file-library/{id}`: folders, files, search and upload. */
export function LibraryBrowser({ folderId }: { folderId: string | null }) {
  const { t } = useTranslation('fileLibrary');
  const list = useListParams({ defaultSort: 'name' });
  const searching = list.search.trim() !== '';
  const [creating, setCreating] = useState(false);
  const create = useCreateFolder();

  const newFolderButton = (
    <Button variant="light" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid="new-folder">
      {t('actions.newFolder')}
    </Button>
  );

  const searchResults = searching ? <SearchResults search={list.search} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} /> : null;
  const toolbar = (actions: ReactNode) => <ListToolbar search={list.search} onSearch={list.setSearch} searchLabel={t('search.label')} actions={actions} />;

  return (
    <Stack gap="md">
      {folderId ? (
        <FolderView id={folderId} list={list} newFolderButton={newFolderButton} toolbar={toolbar} searchResults={searchResults} />
      ) : (
        <>
          {toolbar(newFolderButton)}
          {searchResults ?? <TopView newFolderButton={newFolderButton} />}
        </>
      )}
      <NameDialog
        opened={creating}
        title={t('folder.createTitle')}
        label={t('folder.name')}
        submitLabel={t('folder.create')}
        initial=""
        maxLength={LIBRARY_LIMITS.folderName}
        schema={folderCreateSchema}
        payload={(name) => ({ name, parentId: folderId })}
        send={(body) => create.mutateAsync(body)}
        onClose={() => setCreating(false)}
        onDone={() => {
          setCreating(false);
          toastSuccess(t('folder.created'));
        }}
      />
    </Stack>
  );
}

function FolderCards({ folders }: { folders: FolderSummary[] }) {
  const { t } = useTranslation('fileLibrary');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" data-testid="folder-list">
      {folders.map((folder) => (
        <Card key={folder.id} withBorder radius="md" padding="sm" data-testid="folder-card">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconFolder size={28} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-teal-7)' }} />
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Anchor component={Link} to={libraryPath(folder.id)} fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="folder-link">
                {folder.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('folder.folderCount', { count: folder.folderCount })} · {t('folder.fileCount', { count: folder.fileCount })}
              </Text>
              {folder.restricted && (
                <Badge
                  size="sm"
                  variant="light"
                  color="yellow"
                  leftSection={<IconLock size={12} aria-hidden />}
                  w="fit-content"
                  maw="100%"
                  h="auto"
                  py={2}
                  // A badge clips its label; "Limitada a algunos roles" does not fit a card at four columns.
                  styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                >
                  {t('folder.restricted')}
                </Badge>
              )}
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function TopView({ newFolderButton }: { newFolderButton: ReactNode }) {
  const { t } = useTranslation('fileLibrary');
  const top = useTopFolders();
  if (top.isPending) return <ListSkeleton rows={4} columns={3} />;
  if (top.error) return <ErrorState message={errorText(top.error, t('errors.load'))} onRetry={() => void top.refetch()} />;
  if (top.data.data.length === 0) return <EmptyState icon={<IconFolder size={28} aria-hidden />} title={t('empty.libraryTitle')} description={t('empty.libraryText')} action={newFolderButton} />;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('folder.folders')}
      </Title>
      <FolderCards folders={top.data.data} />
    </Stack>
  );
}

function FolderPath({ folder }: { folder: FolderDetail }) {
  const { t } = useTranslation('fileLibrary');
  return (
    <nav aria-label={t('path.label')}>
      <Group gap={4} wrap="wrap" data-testid="folder-path">
        <Anchor component={Link} to={libraryPath()} size="sm">
          {t('path.library')}
        </Anchor>
        {folder.path.map((item) => (
          <Group key={item.id} gap={4} wrap="nowrap">
            <IconChevronRight size={14} aria-hidden />
            <Anchor component={Link} to={libraryPath(item.id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Anchor>
          </Group>
        ))}
        <Group gap={4} wrap="nowrap">
          <IconChevronRight size={14} aria-hidden />
          <Text size="sm" fw={600} aria-current="page" style={{ overflowWrap: 'anywhere' }}>
            {folder.name}
          </Text>
        </Group>
      </Group>
    </nav>
  );
}

type Dialog = 'rename' | 'move' | 'roles' | null;

interface FolderViewProps {
  id: string;
  list: ListParams<never>;
  newFolderButton: ReactNode;
  toolbar: (actions: ReactNode) => ReactNode;
  /** Shown instead of the folder's contents while a search runs. */
  searchResults: ReactNode;
}

function FolderView({ id, list, newFolderButton, toolbar, searchResults }: FolderViewProps) {
  const { t } = useTranslation('fileLibrary');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const folder = useFolder(id);
  const files = useFolderFiles(id, { page: list.page, pageSize: list.pageSize, sort: LIBRARY_FILE_SORTS.find((sort) => sort === list.sort) });
  usePageInRange(list, files);
  const update = useUpdateFolder();
  const move = useMoveFolder();
  const remove = useDeleteFolder();
  const addFiles = useAddFiles();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [uploading, setUploading] = useState(false);
  const added = useRef(new Set<string>());
  useRecordTitle(folder.data?.name);

  if (folder.isPending) return <ListSkeleton rows={4} columns={3} />;
  if (folder.error) {
    if (folder.error instanceof ApiError && folder.error.status === 404) {
      return (
        <EmptyState
          icon={<IconFolder size={28} aria-hidden />}
          title={t('errors.notFoundTitle')}
          description={t('errors.notFound')}
          action={
            <Button component={Link} to={libraryPath()} variant="light">
              {t('path.back')}
            </Button>
          }
        />
      );
    }
    return <ErrorState message={errorText(folder.error, t('errors.load'))} onRetry={() => void folder.refetch()} />;
  }
  const detail = folder.data;
  const may = (action: FolderDetail['allowedActions'][number]) => detail.allowedActions.includes(action);
  const rows = files.data?.data ?? [];
  const empty = detail.folders.length === 0 && detail.fileCount === 0 && (files.data?.total ?? 0) === 0;

  const onUploaded = async (uploaded: UploadedFile[]) => {
    const fresh = uploaded.filter((file) => !added.current.has(file.id));
    if (fresh.length === 0) return;
    for (const file of fresh) added.current.add(file.id);
    try {
      const result = await addFiles.mutateAsync({ folderId: detail.id, fileIds: fresh.map((file) => file.id) });
      toastSuccess(t('upload.added', { count: result.data.length, name: detail.name }));
    } catch (error) {
      for (const file of fresh) added.current.delete(file.id);
      toastError(errorText(error, t('errors.failed')));
    }
  };

  const onDelete = async () => {
    const hasContents = detail.folders.length > 0 || detail.fileCount > 0;
    const message = hasContents ? (
      <Stack gap={6} component="span">
        <span>{t('folder.deleteWithContents', { name: detail.name })}</span>
        <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="delete-contents">
          {detail.folders.map((child) => (
            <li key={child.id}>{t('folder.deleteChild', { name: child.name, count: child.folderCount + child.fileCount })}</li>
          ))}
          {detail.fileCount > 0 && <li>{t('folder.deleteFiles', { count: detail.fileCount })}</li>}
        </ul>
      </Stack>
    ) : (
      t('folder.deleteQuestion', { name: detail.name })
    );
    if (!(await confirm({ title: t('folder.deleteTitle'), message, confirmLabel: hasContents ? t('folder.deleteAll') : undefined }))) return;
    try {
      await remove.mutateAsync({ id: detail.id, confirm: hasContents });
      toastSuccess(t('folder.deleted', { name: detail.name }));
      void navigate(libraryPath(detail.parentId), { replace: true });
    } catch (error) {
      toastError(errorText(error, t('errors.failed')));
    }
  };

  const saveRoles = async (roles: StaffRole[]) => {
    try {
      await update.mutateAsync({ id: detail.id, body: { name: detail.name, allowedRoles: roles } });
      toastSuccess(t('roles.saved'));
      setDialog(null);
    } catch (error) {
      toastError(errorText(error, t('errors.failed')));
    }
  };

  const manage = may('rename') || may('move') || may('setRoles') || may('delete');
  const onlyRoles = detail.allowedRoles.length ? detail.allowedRoles : detail.inheritedRoles;

  return (
    <Stack gap="md">
      {detail.path.length > 0 && <FolderPath folder={detail} />}
      {toolbar(
        <>
          {newFolderButton}
          {may('upload') && (
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading((open) => !open)} aria-expanded={uploading} data-testid="upload-files">
              {t('upload.button')}
            </Button>
          )}
          {manage && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />} data-testid="folder-actions">
                  {t('folder.actions')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {may('rename') && (
                  <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog('rename')}>
                    {t('actions.rename')}
                  </Menu.Item>
                )}
                {may('move') && (
                  <Menu.Item leftSection={<IconFolderShare size={16} aria-hidden />} onClick={() => setDialog('move')}>
                    {t('actions.move')}
                  </Menu.Item>
                )}
                {may('setRoles') && (
                  <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => setDialog('roles')}>
                    {t('roles.menu')}
                  </Menu.Item>
                )}
                {may('delete') && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()}>
                    {t('actions.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </>,
      )}
      {searchResults ?? (
        <>
          {detail.restricted && (
            <Alert variant="light" color="yellow" icon={<IconLock size={18} aria-hidden />} data-testid="folder-restricted">
              {t('roles.visibleTo', { roles: onlyRoles.map((role) => t(`roles:role.${role}`)).join(', ') })}
            </Alert>
          )}

          {uploading && may('upload') && (
            <Paper withBorder radius="md" p="md">
              <Stack gap="xs">
                <Text size="sm">{t('upload.hint', { name: detail.name })}</Text>
                <FileUpload kind="file" onChange={(uploaded) => void onUploaded(uploaded)} />
              </Stack>
            </Paper>
          )}

          {empty ? (
            <EmptyState icon={<IconFolder size={28} aria-hidden />} title={t('empty.folderTitle')} description={may('upload') ? t('empty.folderText') : t('empty.folderReadOnly')} action={newFolderButton} />
          ) : (
            <>
              {detail.folders.length > 0 && (
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('folder.folders')}
                  </Title>
                  <FolderCards folders={detail.folders} />
                </Stack>
              )}
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('file.files')}
                </Title>
                {files.isPending ? (
                  <ListSkeleton rows={3} columns={4} />
                ) : files.error ? (
                  <ErrorState message={errorText(files.error, t('errors.load'))} onRetry={() => void files.refetch()} />
                ) : rows.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="no-files">
                    {t('file.none')}
                  </Text>
                ) : (
                  <>
                    <FileTable files={rows} sort={list.sort} onSort={list.setSort} dimmed={files.isFetching} />
                    {files.data && files.data.total > list.pageSize && (
                      <ListPagination page={list.page} pageSize={list.pageSize} total={files.data.total} onPage={list.setPage} onPageSize={list.setPageSize} />
                    )}
                  </>
                )}
              </Stack>
            </>
          )}
        </>
      )}

      <NameDialog
        opened={dialog === 'rename'}
        title={t('folder.renameTitle')}
        label={t('folder.name')}
        submitLabel={t('actions.save')}
        initial={detail.name}
        maxLength={LIBRARY_LIMITS.folderName}
        schema={folderUpdateSchema}
        payload={(name) => ({ name })}
        send={(body) => update.mutateAsync({ id: detail.id, body })}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          toastSuccess(t('folder.renamed'));
        }}
      />
      <MoveDialog
        opened={dialog === 'move'}
        title={t('folder.moveTitle', { name: detail.name })}
        movingFolderId={detail.id}
        currentParentId={detail.parentId}
        allowTop
        onClose={() => setDialog(null)}
        onMove={async (target) => {
          try {
            await move.mutateAsync({ id: detail.id, parentId: target });
            toastSuccess(t('folder.moved', { name: detail.name }));
            setDialog(null);
          } catch (error) {
            toastError(errorText(error, t('errors.failed')));
          }
        }}
      />
      <RolesDialog opened={dialog === 'roles'} folderName={detail.name} allowedRoles={detail.allowedRoles} inheritedRoles={detail.inheritedRoles} onClose={() => setDialog(null)} onSave={saveRoles} />
    </Stack>
  );
}
