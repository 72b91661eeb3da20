import { useState } from 'react';
import { ActionIcon, Badge, Button, Divider, Drawer, Group, Loader, Center, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail, DocumentVersion } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { useIsMobile } from '../../../components/layout/useIsMobile';
import { DownloadButton, FilePreview, FilePreviewModal, type PreviewFile } from '../../../components/preview';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { formatBytes } from '../../../components/upload/upload-messages';
import { useDeleteDocument, useDocument } from '../api/documents-api';
import { DocumentEditForm } from './DocumentEditForm';
import { ReplaceFileForm } from './ReplaceFileForm';
import { VisibilityBadge } from './DocumentList';
import type { Audience } from './labels';

type Mode = 'view' | 'edit' | 'replace';

function previewOf(file: DocumentVersion['file']): PreviewFile {
  return { id: file.id, name: file.name, mimeType: file.mimeType, size: file.size, hasWeb: !!file.webUrl };
}

/** One document: its file shown in place, details, versions, and the changes the caller may make. */
export function DocumentDrawer({ documentId, audience, onClose }: { documentId: string | null; audience: Audience; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const mobile = useIsMobile();
  const { data, error, isPending, refetch } = useDocument(documentId);
  return (
    <Drawer opened={documentId !== null} onClose={onClose} position="right" size={mobile ? '100%' : 'xl'} title={data?.title ?? t('detail.title')} closeButtonProps={{ 'aria-label': t('detail.close') }}>
      {documentId &&
        (isPending ? (
          <Center py="xl">
            <Loader aria-label={t('detail.loading')} />
          </Center>
        ) : error ? (
          <ErrorState message={error instanceof ApiError && error.status === 404 ? t('detail.notFound') : error.message} onRetry={() => void refetch()} />
        ) : data ? (
          <DocumentBody key={data.id} document={data} audience={audience} onDeleted={onClose} />
        ) : null)}
    </Drawer>
  );
}

function DocumentBody({ document, audience, onDeleted }: { document: DocumentDetail; audience: Audience; onDeleted: () => void }) {
  const { t } = useTranslation('documents');
  const format = useFormat();
  const confirm = useConfirm();
  const remove = useDeleteDocument();
  const [mode, setMode] = useState<Mode>('view');
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const may = (action: DocumentDetail['allowedActions'][number]) => document.allowedActions.includes(action);

  const onDelete = async () => {
    const ok = await confirm({ title: t('delete.title'), message: t('delete.message', { title: document.title, count: document.versions.length }), confirmLabel: t('delete.confirm') });
    if (!ok) return;
    try {
      await remove.mutateAsync(document.id);
      toastSuccess(t('delete.done'));
      onDeleted();
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('delete.failed'));
    }
  };

  return (
    <Stack gap="md" data-testid="document-detail">
      <Group gap={6} wrap="wrap">
        <Badge variant="outline" color="gray">
          {t(`category.${document.category}`)}
        </Badge>
        {audience === 'staff' && <VisibilityBadge visibility={document.visibility} />}
        <Badge variant="light">{t('list.version', { version: document.version })}</Badge>
      </Group>
      {document.description && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{document.description}</Text>}
      <Text size="sm" c="dimmed">
        {t('list.uploaded', { name: document.uploadedBy?.name ?? t('list.unknown'), date: format.dateTime(document.updatedAt) })}
      </Text>
      <Group gap="xs" wrap="wrap">
        <DownloadButton file={{ id: document.file.id, name: document.file.name }} variant="filled" />
        {may('edit') && mode === 'view' && (
          <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setMode('edit')}>
            {t('actions.edit')}
          </Button>
        )}
        {may('replace') && mode === 'view' && (
          <Button variant="light" leftSection={<IconFileUpload size={16} aria-hidden />} onClick={() => setMode('replace')}>
            {t('actions.replace')}
          </Button>
        )}
        {may('delete') && mode === 'view' && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()} loading={remove.isPending}>
            {t('actions.delete')}
          </Button>
        )}
      </Group>
      {mode === 'edit' && <DocumentEditForm document={document} onDone={() => setMode('view')} />}
      {mode === 'replace' && <ReplaceFileForm document={document} onDone={() => setMode('view')} />}
      {mode === 'view' && <FilePreview file={previewOf(document.file)} height={480} />}

      <Divider />
      <Title order={3} size="h5">
        {t('detail.versions', { count: document.versions.length })}
      </Title>
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="document-versions">
        {document.versions.map((version) => (
          <li key={version.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  {t('list.version', { version: version.version })}
                  {version.version === document.version ? ` · ${t('detail.current')}` : ''}
                </Text>
                <Text size="xs" c="dimmed" truncate title={version.file.name}>
                  {version.file.name} · {formatBytes(version.file.size)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('list.uploaded', { name: version.uploadedBy?.name ?? t('list.unknown'), date: format.dateTime(version.createdAt) })}
                </Text>
                {version.note && (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {version.note}
                  </Text>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('list.preview')}>
                  <ActionIcon variant="subtle" onClick={() => setPreview(previewOf(version.file))} aria-label={t('detail.previewVersion', { version: version.version })}>
                    <IconEye size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <DownloadButton file={{ id: version.file.id, name: version.file.name }} variant="subtle" label={t('detail.download')} />
              </Group>
            </Group>
          </li>
        ))}
      </Stack>
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
