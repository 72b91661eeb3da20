import { useState } from 'react';
import { Button, Collapse, Group, Stack } from '@mantine/core';
import { IconPaperclip, IconPhotoPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { FileUpload } from '../../../components/upload';
import type { TFunction } from 'i18next';

/** Whether any file in the container is still uploading (rows carry `data-status`). */
export function uploadsPending(container: HTMLElement | null): boolean {
  return !!container?.querySelector('[data-status="uploading"], [data-status="queued"]');
}

/** A failed send in the interface language. */
export function sendErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return error.message;
    if (error.status === 403) return t('messages:errors.forbidden');
    if (error.status === 404) return t('messages:errors.notFound');
    if (error.status === 400) return t('messages:errors.invalid');
    if (error.status === 429) return t('errors:api.tooManyRequests');
  }
  return t('errors:api.server');
}

/** Photos (with the camera on phones) and other files for a message; reports the uploaded ids. */
export function AttachmentPicker({ customerId, onChange, round }: { customerId: string; onChange: (ids: string[]) => void; round: number }) {
  const { t } = useTranslation('messages');
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [documents, setDocuments] = useState<UploadedFile[]>([]);
  const [show, setShow] = useState<{ photos: boolean; files: boolean }>({ photos: false, files: false });
  const report = (nextPhotos: UploadedFile[], nextDocuments: UploadedFile[]) => onChange([...nextPhotos, ...nextDocuments].map((file) => file.id));
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button variant="subtle" size="sm" leftSection={<IconPhotoPlus size={18} aria-hidden />} aria-expanded={show.photos} onClick={() => setShow((s) => ({ ...s, photos: !s.photos }))} data-testid="add-photos">
          {photos.length ? t('compose.photosCount', { count: photos.length }) : t('compose.addPhotos')}
        </Button>
        <Button variant="subtle" size="sm" leftSection={<IconPaperclip size={18} aria-hidden />} aria-expanded={show.files} onClick={() => setShow((s) => ({ ...s, files: !s.files }))}>
          {documents.length ? t('compose.filesCount', { count: documents.length }) : t('compose.addFiles')}
        </Button>
      </Group>
      <Collapse expanded={show.photos}>
        <FileUpload
          key={`p${round}`}
          kind="photo"
          customerId={customerId}
          onChange={(files) => {
            setPhotos(files);
            report(files, documents);
          }}
        />
      </Collapse>
      <Collapse expanded={show.files}>
        <FileUpload
          key={`f${round}`}
          kind="file"
          customerId={customerId}
          onChange={(files) => {
            setDocuments(files);
            report(photos, files);
          }}
        />
      </Collapse>
    </Stack>
  );
}
