import { useState } from 'react';
import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MessageAttachment } from '@grove/shared';
import { apiDownload } from '../../../app/api-client';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { downloadBlob } from '../../../components/ui/CsvExportButton';
import { toastError } from '../../../components/ui/toasts';
import { formatBytes } from '../../../components/upload/upload-messages';
import classes from './Messages.module.css';

function Thumb({ attachment, onOpen }: { attachment: MessageAttachment; onOpen: () => void }) {
  const { t } = useTranslation('messages');
  const url = useAuthedFileUrl(attachment.id, 'thumb');
  return (
    <button type="button" className={classes.thumbButton} onClick={onOpen} aria-label={t('attachments.open', { name: attachment.name })}>
      {url ? <img src={url} alt={attachment.name} className={classes.thumb} /> : <Loader size="xs" />}
    </button>
  );
}

function LargePhoto({ attachment }: { attachment: MessageAttachment }) {
  const url = useAuthedFileUrl(attachment.id, 'web');
  return url ? <img src={url} alt={attachment.name} className={classes.large} /> : <Loader />;
}

/** Photos as thumbnails that open larger; other files as download buttons with their size. */
export function MessageAttachments({ attachments }: { attachments: MessageAttachment[] }) {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState<MessageAttachment | null>(null);
  if (attachments.length === 0) return null;
  const photos = attachments.filter((a) => a.kind === 'photo' && a.thumbnailUrl);
  const others = attachments.filter((a) => !photos.includes(a));
  const download = async (file: MessageAttachment) => {
    try {
      const { blob, fileName } = await apiDownload(file.url, { download: '1' }, file.name);
      downloadBlob(blob, fileName);
    } catch {
      toastError(t('attachments.downloadFailed'));
    }
  };
  return (
    <Stack gap={6} data-testid="message-attachments">
      {photos.length > 0 && (
        <div className={classes.thumbs}>
          {photos.map((photo) => (
            <Thumb key={photo.id} attachment={photo} onOpen={() => setOpen(photo)} />
          ))}
        </div>
      )}
      {others.length > 0 && (
        <Group gap={6} wrap="wrap">
          {others.map((file) => (
            <Button key={file.id} variant="default" size="xs" leftSection={<IconFile size={14} aria-hidden />} rightSection={<IconDownload size={14} aria-hidden />} onClick={() => void download(file)}>
              {file.name} · {formatBytes(file.size)}
            </Button>
          ))}
        </Group>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.name} size="xl" centered>
        {open && (
          <Stack>
            <LargePhoto attachment={open} />
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download(open)}>
              {t('attachments.download')}
            </Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
