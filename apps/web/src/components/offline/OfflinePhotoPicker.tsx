import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { preparePhotos, type LocalPhoto } from '../../app/offline/outbox';

/**
 * Photos picked while offline: downscaled on the device (long edge 2048 px by default) and kept
 * as blobs until the outbox uploads them (decision 019). `max` mirrors the record's photo limit.
 */
export function OfflinePhotoPicker({ customerId, max = 12, onChange }: { customerId?: string; max?: number; onChange: (photos: LocalPhoto[]) => void }) {
  const { t } = useTranslation('offline');
  const input = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo.blob)), [photos]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);

  const update = (next: LocalPhoto[]) => {
    setPhotos(next);
    onChange(next);
  };

  return (
    <Stack gap="xs" data-testid="offline-photos">
      <Text size="xs" c="dimmed">
        {t('photos.hint')}
      </Text>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('photos.add')}
        data-testid="offline-photo-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])].slice(0, Math.max(0, max - photos.length));
          event.currentTarget.value = '';
          if (!files.length) return;
          setBusy(true);
          void preparePhotos(files, customerId)
            .then((prepared) => update([...photos, ...prepared]))
            .finally(() => setBusy(false));
        }}
      />
      {photos.length > 0 && (
        <Group gap="xs">
          {photos.map((photo, index) => (
            <div key={urls[index]} style={{ position: 'relative' }}>
              <Image src={urls[index]} alt={photo.name} w={72} h={72} radius="sm" fit="cover" />
              <ActionIcon
                size="sm"
                radius="xl"
                color="dark"
                variant="filled"
                style={{ position: 'absolute', top: 2, right: 2 }}
                aria-label={t('photos.remove', { name: photo.name })}
                onClick={() => update(photos.filter((_, i) => i !== index))}
              >
                <IconX size={12} aria-hidden />
              </ActionIcon>
            </div>
          ))}
        </Group>
      )}
      <Button variant="light" size="sm" leftSection={<IconCamera size={16} aria-hidden />} loading={busy} disabled={photos.length >= max} onClick={() => input.current?.click()} style={{ alignSelf: 'flex-start' }}>
        {t('photos.add')}
      </Button>
    </Stack>
  );
}
