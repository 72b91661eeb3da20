import { useState } from 'react';
import { ActionIcon, Anchor, Box, Group, Menu, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEye, IconFile, IconFileTypePdf, IconFolderShare, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { libraryFileRenameSchema, LIBRARY_LIMITS, type LibraryFile } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { useIsMobile } from '../../../components/layout/useIsMobile';
import { DownloadButton, FilePreviewModal, type PreviewFile } from '../../../components/preview';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { SortableTh } from '../../../components/ui/SortableTh';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { formatBytes } from '../../../components/upload/upload-messages';
import { useDeleteFile, useMoveFile, useRenameFile } from '../api/library-api';
import { MoveDialog, NameDialog } from './LibraryDialogs';

export function FileIcon({ mimeType }: { mimeType: string }) {
  const Icon = mimeType === 'application/pdf' ? IconFileTypePdf : mimeType.startsWith('image/') ? IconPhoto : IconFile;
  return <Icon size={22} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-teal-7)' }} />;
}

function toPreview(file: LibraryFile): PreviewFile {
  return { id: file.fileId, name: file.name, mimeType: file.mimeType, size: file.size, hasWeb: !!file.webUrl };
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

interface FileTableProps {
  files: LibraryFile[];
  sort?: string;
  onSort?: (sort: string | undefined) => void;
  /** Search results name the folder each file is in. */
  folderNames?: Record<string, string>;
  dimmed?: boolean;
}

/** A folder's files (or search hits): preview, download, and for those who may, rename, move, delete. */
export function FileTable({ files, sort, onSort, folderNames, dimmed }: FileTableProps) {
  const { t } = useTranslation('fileLibrary');
  const format = useFormat();
  const mobile = useIsMobile();
  const confirm = useConfirm();
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const [renaming, setRenaming] = useState<LibraryFile | null>(null);
  const [moving, setMoving] = useState<LibraryFile | null>(null);
  const rename = useRenameFile();
  const move = useMoveFile();
  const remove = useDeleteFile();

  const onDelete = async (file: LibraryFile) => {
    if (!(await confirm({ title: t('file.deleteTitle'), message: t('file.deleteQuestion', { name: file.name }) }))) return;
    try {
      await remove.mutateAsync({ folderId: file.folderId, id: file.id });
      toastSuccess(t('file.deleted', { name: file.name }));
    } catch (error) {
      toastError(errorText(error, t('errors.failed')));
    }
  };

  const nameCell = (file: LibraryFile) => (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <FileIcon mimeType={file.mimeType} />
      <Box miw={0}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="file-name">
          {file.name}
        </Text>
        {mobile && (
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)}
          </Text>
        )}
        {folderNames?.[file.id] && (
          <Anchor component={Link} to={`/file-library/${file.folderId}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('search.inFolder', { name: folderNames[file.id] })}
          </Anchor>
        )}
      </Box>
    </Group>
  );

  const actions = (file: LibraryFile) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('file.preview')}>
        <ActionIcon variant="subtle" onClick={() => setPreview(toPreview(file))} aria-label={t('file.previewNamed', { name: file.name })}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <DownloadButton file={{ id: file.fileId, name: file.name }} variant="subtle" />
      {file.canChange && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('file.menu', { name: file.name })} data-testid="file-menu">
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setRenaming(file)}>
              {t('actions.rename')}
            </Menu.Item>
            <Menu.Item leftSection={<IconFolderShare size={16} aria-hidden />} onClick={() => setMoving(file)}>
              {t('actions.move')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete(file)}>
              {t('actions.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );

  return (
    <>
      {mobile ? (
        <Stack gap="sm" style={{ opacity: dimmed ? 0.6 : 1 }} data-testid="file-list">
          {files.map((file) => (
            <Paper key={file.id} withBorder radius="md" p="sm" data-testid="file-row">
              <Stack gap={6}>
                {nameCell(file)}
                <Text size="xs" c="dimmed">
                  {t('file.added', { name: file.uploadedBy?.name ?? t('file.unknown'), date: format.date(file.createdAt) })}
                </Text>
                {actions(file)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover style={{ opacity: dimmed ? 0.6 : 1 }} data-testid="file-list">
            <Table.Thead>
              <Table.Tr>
                {onSort ? (
                  <SortableTh field="name" sort={sort} onSort={onSort}>
                    {t('file.columns.name')}
                  </SortableTh>
                ) : (
                  <Table.Th>{t('file.columns.name')}</Table.Th>
                )}
                {onSort ? (
                  <SortableTh field="size" sort={sort} onSort={onSort}>
                    {t('file.columns.size')}
                  </SortableTh>
                ) : (
                  <Table.Th>{t('file.columns.size')}</Table.Th>
                )}
                {onSort ? (
                  <SortableTh field="created" sort={sort} onSort={onSort}>
                    {t('file.columns.added')}
                  </SortableTh>
                ) : (
                  <Table.Th>{t('file.columns.added')}</Table.Th>
                )}
                <Table.Th>
                  <VisuallyHidden>{t('file.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((file) => (
                <Table.Tr key={file.id} data-testid="file-row">
                  <Table.Td maw={460}>{nameCell(file)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatBytes(file.size)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{format.date(file.createdAt)}</Text>
                    <Text size="xs" c="dimmed">
                      {file.uploadedBy?.name ?? t('file.unknown')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{actions(file)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
      <NameDialog
        opened={!!renaming}
        title={t('file.renameTitle')}
        label={t('file.name')}
        submitLabel={t('actions.save')}
        initial={renaming?.name ?? ''}
        maxLength={LIBRARY_LIMITS.fileName}
        schema={libraryFileRenameSchema}
        payload={(name) => ({ name })}
        send={(body) => rename.mutateAsync({ folderId: renaming!.folderId, id: renaming!.id, name: body.name })}
        onClose={() => setRenaming(null)}
        onDone={() => {
          toastSuccess(t('file.renamed'));
          setRenaming(null);
        }}
      />
      <MoveDialog
        opened={!!moving}
        title={t('file.moveTitle', { name: moving?.name ?? '' })}
        movingFolderId={null}
        currentParentId={moving?.folderId ?? null}
        allowTop={false}
        onClose={() => setMoving(null)}
        onMove={async (target) => {
          if (!moving || !target) return;
          try {
            await move.mutateAsync({ folderId: moving.folderId, id: moving.id, target });
            toastSuccess(t('file.moved', { name: moving.name }));
            setMoving(null);
          } catch (error) {
            toastError(errorText(error, t('errors.failed')));
          }
        }}
      />
    </>
  );
}
