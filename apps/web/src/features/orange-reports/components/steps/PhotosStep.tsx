import { useRef } from 'react';
import { ActionIcon, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORANGE_REPORT_REPORT_LIMITS, type FieldErrors, type UploadedFile } from '@grove/shared';
import { useOnline } from '../../../../app/offline/online';
import { fieldError } from '../../../../app/validation';
import { LocalPhotoButton } from '../../../../components/offline/LocalPhotoButton';
import { FileUpload } from '../../../../components/upload';
import { ReportPhoto } from '../ReportPhoto';
import type { FormPatch, WizardForm } from '../wizard-form';
import classes from '../ReportWizard.module.css';

interface StepProps {
  customerId: string;
  form: WizardForm;
  update: (patch: FormPatch) => void;
  errors: FieldErrors;
}

/**
 * Photos: the upload widget (camera on phones, several at once, progress per photo); each photo on
 * the report gets a caption. Photos already on a resumed draft are listed too.
 */
export function PhotosStep({ customerId, form, update, errors }: StepProps) {
  const { t } = useTranslation('orangeReports');
  // What the widget reported last: new ids are added to the report, ids it dropped are removed.
  const reported = useRef<string[]>([]);

  const onUploaded = (uploaded: UploadedFile[]) => {
    const before = new Set(reported.current);
    const now = new Set(uploaded.map((file) => file.id));
    reported.current = [...now];
    update((current) => {
      const kept = current.photos.filter((photo) => !(before.has(photo.fileId) && !now.has(photo.fileId)));
      const known = new Set(kept.map((photo) => photo.fileId));
      const added = uploaded.filter((file) => !known.has(file.id)).map((file) => ({ fileId: file.id, caption: '', name: file.name }));
      return { photos: [...kept, ...added].slice(0, ORANGE_REPORT_REPORT_LIMITS.photos) };
    });
  };

  const online = useOnline();
  const addLocal = (added: { fileId: string; name: string }[]) =>
    update((current) => ({ photos: [...current.photos, ...added.map((photo) => ({ ...photo, caption: '' }))].slice(0, ORANGE_REPORT_REPORT_LIMITS.photos) }));

  const setCaption = (fileId: string, caption: string) =>
    update({ photos: form.photos.map((photo) => (photo.fileId === fileId ? { ...photo, caption } : photo)) });
  const remove = (fileId: string) => update({ photos: form.photos.filter((photo) => photo.fileId !== fileId) });

  return (
    <Stack gap="md" data-testid="orange-photos">
      <Text size="sm" c="dimmed">
        {t('wizard.photosHint', { max: ORANGE_REPORT_REPORT_LIMITS.photos })}
      </Text>
      <Input.Wrapper label={t('fields.photos')} required error={fieldError(errors, 'photos')}>
        <div style={{ marginTop: 6 }}>
          {/* Offline, photos are kept on the device and sent with the report (decision 019). */}
          <div hidden={!online}>
            <FileUpload kind="photo" customerId={customerId} onChange={onUploaded} />
          </div>
          {!online && <LocalPhotoButton max={ORANGE_REPORT_REPORT_LIMITS.photos - form.photos.length} onAdd={addLocal} />}
        </div>
      </Input.Wrapper>
      {form.photos.length > 0 && (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('wizard.photosOnReport', { count: form.photos.length })}
          </Text>
          <ul className={classes.captionList} data-testid="orange-photo-captions">
            {form.photos.map((photo, index) => (
              <li key={photo.fileId}>
                <Group gap="sm" wrap="nowrap" align="flex-end">
                  <div className={classes.captionThumb}>
                    <ReportPhoto fileId={photo.fileId} alt={photo.caption || t('wizard.photoNumber', { number: index + 1 })} />
                  </div>
                  <TextInput
                    label={t('wizard.captionFor', { number: index + 1 })}
                    placeholder={t('wizard.captionPlaceholder')}
                    size="sm"
                    maxLength={ORANGE_REPORT_REPORT_LIMITS.caption}
                    value={photo.caption}
                    onChange={(event) => setCaption(photo.fileId, event.currentTarget.value)}
                    error={fieldError(errors, `photos.${index}.caption`)}
                    rightSection={
                      <ActionIcon variant="subtle" color="red" onClick={() => remove(photo.fileId)} aria-label={t('wizard.removePhoto', { number: index + 1 })}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    }
                    style={{ flex: 1, minWidth: 0 }}
                  />
                </Group>
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}
