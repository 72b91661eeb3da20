import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  documentUpdateSchema,
  type DocumentCategory,
  type DocumentDetail,
  type DocumentVisibility,
} from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { toastSuccess } from '../../../components/ui/toasts';
import { useUpdateDocument } from '../api/documents-api';

interface Values {
  title: string;
  category: DocumentCategory;
  description: string;
  visibility: DocumentVisibility;
}

/** Title, category, description and (staff) visibility of an existing document. */
export function DocumentEditForm({ document, onDone }: { document: DocumentDetail; onDone: () => void }) {
  const { t } = useTranslation('documents');
  const update = useUpdateDocument(document.id);
  const form = useForm<Values>({ title: document.title, category: document.category, description: document.description ?? '', visibility: document.visibility });
  const mayChangeVisibility = document.allowedActions.includes('changeVisibility');

  const save = async () => {
    const saved = await form.submit({
      schema: documentUpdateSchema,
      payload: { ...form.values, ...(mayChangeVisibility ? {} : { visibility: undefined }) },
      send: (body) => update.mutateAsync(body),
    });
    if (saved) {
      toastSuccess(t('edit.saved'));
      onDone();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <FormErrorAlert message={form.formError} />
        <TextInput label={t('form.title')} required maxLength={DOCUMENT_LIMITS.title} value={form.values.title} onChange={(e) => form.set('title', e.currentTarget.value)} error={form.error('title')} />
        <Select
          label={t('form.category')}
          required
          allowDeselect={false}
          data={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
          value={form.values.category}
          onChange={(value) => value && form.set('category', value)}
          error={form.error('category')}
        />
        {mayChangeVisibility && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="edit-visibility-label">
              {t('form.visibility')}
            </Text>
            <SegmentedControl
              aria-labelledby="edit-visibility-label"
              value={form.values.visibility}
              onChange={(value) => form.set('visibility', value)}
              data={[
                { value: 'customer', label: t('visibility.customer') },
                { value: 'staff', label: t('visibility.staff') },
              ]}
            />
          </Stack>
        )}
        <Textarea label={t('form.description')} autosize minRows={2} maxLength={DOCUMENT_LIMITS.description} value={form.values.description} onChange={(e) => form.set('description', e.currentTarget.value)} error={form.error('description')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
