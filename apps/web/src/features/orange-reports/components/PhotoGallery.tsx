import { useState } from 'react';
import { ActionIcon, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrangeReportPhoto } from '@grove/shared';
import { ReportPhoto } from './ReportPhoto';
import classes from './ReportDetail.module.css';

/** Photos as thumbnails with their captions; a tap opens the lightbox (web size, previous / next). */
export function PhotoGallery({ photos, label }: { photos: OrangeReportPhoto[]; label: string }) {
  const { t } = useTranslation('orangeReports');
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length) return null;
  const current = open === null ? null : photos[open];
  const alt = (photo: OrangeReportPhoto, index: number) => photo.caption || t('wizard.photoNumber', { number: index + 1 });
  const move = (delta: number) => setOpen((index) => (index === null ? null : (index + delta + photos.length) % photos.length));
  return (
    <>
      <ul className={classes.gallery} aria-label={label}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button type="button" className={classes.thumb} onClick={() => setOpen(index)} aria-label={t('detail.openPhoto', { name: alt(photo, index) })}>
              <ReportPhoto fileId={photo.fileId} alt={alt(photo, index)} />
            </button>
            {photo.caption && (
              <Text size="xs" mt={4} lineClamp={2}>
                {photo.caption}
              </Text>
            )}
          </li>
        ))}
      </ul>
      <Modal
        opened={current != null}
        onClose={() => setOpen(null)}
        title={current ? alt(current, open!) : ''}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('detail.close') }}
        data-testid="orange-lightbox"
      >
        {current && (
          <Stack gap="sm">
            <div className={classes.lightbox}>
              <ReportPhoto key={current.fileId} fileId={current.fileId} alt={alt(current, open!)} variant={current.thumbnailUrl ? 'web' : 'original'} className={classes.lightboxImage} />
            </div>
            {photos.length > 1 && (
              <Group justify="space-between">
                <ActionIcon variant="default" size="lg" onClick={() => move(-1)} aria-label={t('detail.previousPhoto')}>
                  <IconChevronLeft size={18} aria-hidden />
                </ActionIcon>
                <Text size="sm" c="dimmed">
                  {t('detail.photoOf', { number: open! + 1, count: photos.length })}
                </Text>
                <ActionIcon variant="default" size="lg" onClick={() => move(1)} aria-label={t('detail.nextPhoto')}>
                  <IconChevronRight size={18} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
