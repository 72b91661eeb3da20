import { useEffect, useState } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FILES_ENDPOINTS } from '@grove/shared';
import { downloadEndpoint } from '../../app/endpoint-client';
import { useIsMobile } from '../layout/useIsMobile';
import { ErrorState } from '../ui/ErrorState';
import { toastError } from '../ui/toasts';
import { formatBytes } from '../upload/upload-messages';
import { downloadStoredFile, previewKind } from './file-download';
import classes from './FilePreview.module.css';

export interface PreviewFile {
  /** The stored file's id (`/api/Files/{id}`). */
  id: string;
  name: string;
  mimeType: string;
  size?: number;
  /** A web-sized image exists (`?variant=web`): shown instead of the full original. */
  hasWeb?: boolean;
}

const TEXT_PREVIEW_BYTES = 200_000;

type Loaded = { kind: 'pdf'; url: string } | { kind: 'image'; url: string } | { kind: 'text'; text: string; cut: boolean };

/**
 * Shows a stored file in the page: PDFs in the browser's viewer, images, the start of text files.
 * The bytes are fetched with the session's token (an iframe or img cannot send it) into an object
 * URL that is revoked when the file changes or the preview closes.
 */
export function FilePreview({ file, height = 560 }: { file: PreviewFile; height?: number | string }) {
  const { t } = useTranslation('preview');
  const kind = previewKind(file.mimeType);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (kind === 'none') return;
    let cancelled = false;
    let created: string | null = null;
    setLoaded(null);
    setFailed(null);
    const variant = kind === 'image' && file.hasWeb ? 'web' : 'original';
    downloadEndpoint(FILES_ENDPOINTS.content, { params: { id: file.id }, query: { variant } }, file.name)
      .then(async ({ blob }) => {
        if (cancelled) return;
        if (kind === 'text') {
          const text = await blob.slice(0, TEXT_PREVIEW_BYTES).text();
          if (!cancelled) setLoaded({ kind, text, cut: blob.size > TEXT_PREVIEW_BYTES });
          return;
        }
        // The type is set here: the viewer needs it, whatever the response said.
        created = URL.createObjectURL(new Blob([blob], { type: kind === 'pdf' ? 'application/pdf' : blob.type }));
        setLoaded(kind === 'pdf' ? { kind: 'pdf', url: created } : { kind: 'image', url: created });
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error && error.message ? error.message : t('failed'));
      });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [file.id, file.name, file.hasWeb, kind, attempt, t]);

  if (kind === 'none') {
    return (
      <Center className={classes.frame} style={{ minHeight: 200 }} data-testid="preview-none">
        <Stack align="center" gap="xs">
          <IconFileOff size={36} aria-hidden />
          <Text>{t('none')}</Text>
        </Stack>
      </Center>
    );
  }
  if (failed) return <ErrorState message={failed} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!loaded) {
    return (
      <Center className={classes.frame} style={{ height }} aria-busy="true">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (loaded.kind === 'pdf') {
    return <iframe className={classes.frame} src={loaded.url} title={t('pdfTitle', { name: file.name })} style={{ height }} data-testid="preview-pdf" />;
  }
  if (loaded.kind === 'image') {
    return (
      <div className={classes.imageFrame}>
        <img src={loaded.url} alt={file.name} className={classes.image} style={{ maxHeight: height }} data-testid="preview-image" />
      </div>
    );
  }
  return (
    <Stack gap={4}>
      <pre className={classes.text} style={{ maxHeight: height }} data-testid="preview-text">
        {loaded.text}
      </pre>
      {loaded.cut && (
        <Text size="xs" c="dimmed">
          {t('textCut')}
        </Text>
      )}
    </Stack>
  );
}

/** A download button for a stored file; failures become a toast. */
export function DownloadButton({ file, variant = 'light', label }: { file: Pick<PreviewFile, 'id' | 'name'>; variant?: 'light' | 'filled' | 'subtle' | 'default'; label?: string }) {
  const { t } = useTranslation('preview');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadStoredFile(file.id, file.name)
          .catch((error: unknown) => toastError(error instanceof Error && error.message ? error.message : t('failed')))
          .finally(() => setBusy(false));
      }}
      aria-label={t('downloadNamed', { name: file.name })}
    >
      {label ?? t('download')}
    </Button>
  );
}

/** The preview in a dialog (full screen on phones), with the file's name, size and a download button. */
export function FilePreviewModal({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const { t } = useTranslation('preview');
  const mobile = useIsMobile();
  return (
    <Modal opened={file !== null} onClose={onClose} title={file?.name ?? t('title')} size="xl" fullScreen={mobile} closeButtonProps={{ 'aria-label': t('close') }}>
      {file && (
        <Stack gap="sm">
          <FilePreview file={file} height={mobile ? 'calc(100dvh - 160px)' : '70vh'} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {file.size !== undefined ? formatBytes(file.size) : ''}
            </Text>
            <DownloadButton file={file} />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
