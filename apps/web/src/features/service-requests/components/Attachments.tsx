import { useState } from 'react';
import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { IconFile, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequestAttachment } from '@grove/shared';
import { apiDownload } from '../../../app/api-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';
import { toastError } from '../../../components/ui/toasts';
import { useFileObjectUrl } from './useFileObjectUrl';
import classes from './Attachments.module.css';

function AuthImage({ path, alt, className }: { path: string; alt: string; className?: string }) {
  const { url, failed } = useFileObjectUrl(path);
  if (failed)
    return (
      <span className={classes.placeholder} role="img" aria-label={alt}>
        <IconPhotoOff size={22} aria-hidden />
      </span>
    );
  if (!url)
    return (
      <span className={classes.placeholder}>
        <Loader size="xs" />
      </span>
    );
  return <img src={url} alt={alt} className={className} />;
}

/** The larger picture: the web-sized variant when the server made one. */
function largePath(attachment: ServiceRequestAttachment): string {
  return attachment.thumbnailUrl ? `${attachment.url}?variant=web` : attachment.url;
}

/** Photos as thumbnails that open larger; other files as download buttons. */
export function Attachments({ attachments, label }: { attachments: ServiceRequestAttachment[]; label?: string }) {
  const { t } = useTranslation('requests');
  const [open, setOpen] = useState<ServiceRequestAttachment | null>(null);
  const photos = attachments.filter((a) => a.kind === 'photo' || (a.mimeType.startsWith('image/') && a.thumbnailUrl));
  const files = attachments.filter((a) => !photos.includes(a));
  if (!attachments.length) return null;

  const download = async (file: ServiceRequestAttachment) => {
    try {
      const { blob, fileName } = await apiDownload(file.url, { download: '1' }, file.name);
      downloadBlob(blob, fileName);
    } catch {
      toastError(t('attachments.downloadFailed'));
    }
  };

  return (
    <Stack gap="xs">
      {photos.length > 0 && (
        <ul className={classes.grid} aria-label={label ?? t('attachments.photos')}>
          {photos.map((photo) => (
            <li key={photo.id}>
              <button type="button" className={classes.thumb} onClick={() => setOpen(photo)} aria-label={t('attachments.open', { name: photo.name })}>
                <AuthImage path={photo.thumbnailUrl ?? photo.url} alt={photo.name} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <Group gap="xs">
          {files.map((file) => (
            <Button
              key={file.id}
              variant="default"
              size="xs"
              leftSection={<IconFile size={14} aria-hidden />}
              onClick={() => void download(file)}
              aria-label={t('attachments.download', { name: file.name })}
              maw="100%"
            >
              {file.name}
            </Button>
          ))}
        </Group>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.name} size="xl" centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {open && <AuthImage path={largePath(open)} alt={open.name} className={classes.full} />}
      </Modal>
    </Stack>
  );
}
