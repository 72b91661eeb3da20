import { useRef, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { storeLocalPhotos } from '../../app/offline/local-photos';

/**
 * Taking photos for a record that is written offline (an orange report draft): each photo is
 * downscaled and kept on this device (decision 019); `onAdd` receives form ids `local-photo:<id>`.
 */
export function LocalPhotoButton({ max, onAdd }: { max: number; onAdd: (photos: { fileId: string; name: string }[]) => void }) {
  const { t } = useTranslation('offline');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="xs" data-testid="local-photos">
      <Text size="xs" c="dimmed">
        {t('reports.takenOffline')}
      </Text>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('photos.add')}
        data-testid="local-photo-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])].slice(0, Math.max(0, max));
          event.currentTarget.value = '';
          if (!files.length) return;
          setBusy(true);
          void storeLocalPhotos(files)
            .then(onAdd)
            .finally(() => setBusy(false));
        }}
      />
      <Button variant="light" size="md" leftSection={<IconCamera size={18} aria-hidden />} loading={busy} disabled={max <= 0} onClick={() => input.current?.click()} style={{ alignSelf: 'flex-start' }}>
        {t('photos.add')}
      </Button>
    </Stack>
  );
}
