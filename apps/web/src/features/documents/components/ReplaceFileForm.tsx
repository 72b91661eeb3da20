import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_LIMITS, documentVersionCreateSchema, type DocumentDetail, type UploadedFile } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useAddVersion } from '../api/documents-api';

/** Uploads a new file for the document; the current one becomes an older version. */
export function ReplaceFileForm({ document, onDone }: { document: DocumentDetail; onDone: () => void }) {
  const { t } = useTranslation('documents');
  const addVersion = useAddVersion(document.id);
  const [uploaded, setUploaded] = useState<UploadedFile[]>([]);
  const form = useForm({ note: '' });

  const save = async () => {
    const saved = await form.submit({
      schema: documentVersionCreateSchema,
      payload: { fileId: uploaded[0]?.id ?? '', note: form.values.note || undefined },
      send: (body) => addVersion.mutateAsync(body),
      required: ['fileId'],
    });
    if (saved) {
      toastSuccess(t('replace.saved', { version: saved.version }));
      onDone();
    }
  };

  return (
    <Stack gap="sm">
      <FormErrorAlert message={form.formError} />
      <FileUpload kind="file" customerId={document.customerId} multiple={false} onChange={setUploaded} />
      {form.error('fileId') && (
        <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}>
          {form.error('fileId')}
        </div>
      )}
      <TextInput label={t('replace.note')} description={t('replace.noteHint')} maxLength={DOCUMENT_LIMITS.note} value={form.values.note} onChange={(e) => form.set('note', e.currentTarget.value)} error={form.error('note')} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={form.submitting} disabled={uploaded.length === 0}>
          {t('replace.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
