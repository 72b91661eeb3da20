import { useState } from 'react';
import { Alert, Button, Group, Input, Paper, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconEyeOff, IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  documentCreateSchema,
  type DocumentCategory,
  type DocumentVisibility,
  type UploadedFile,
} from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useCreateDocument } from '../api/documents-api';
import type { Audience } from './labels';

interface Values {
  title: string;
  category: DocumentCategory | null;
  visibility: DocumentVisibility;
  description: string;
}

/** A file name without its extension and with separators as spaces: a fair first title. */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DOCUMENT_LIMITS.title);
}

/**
 * Adding a document: the file first (it uploads at once, with progress), then title, category and,
 * for staff, who may see it. Customer users' documents are always shared with their customer.
 */
export function DocumentForm({ customerId, audience, listPath }: { customerId: string; audience: Audience; listPath: string }) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const create = useCreateDocument();
  const staff = audience === 'staff';
  const [uploaded, setUploaded] = useState<UploadedFile[]>([]);
  const form = useForm<Values>({ title: '', category: null, visibility: 'customer', description: '' });
  const { allowLeave } = useUnsavedChanges(form.dirty || uploaded.length > 0);

  const onFiles = (files: UploadedFile[]) => {
    setUploaded(files);
    const first = files[0];
    if (first && !form.values.title) form.set('title', titleFromFileName(first.name));
  };

  const save = async () => {
    const result = await form.submit({
      schema: documentCreateSchema,
      payload: {
        customerId,
        title: form.values.title,
        category: form.values.category ?? '',
        visibility: staff ? form.values.visibility : 'customer',
        description: form.values.description || undefined,
        fileId: uploaded[0]?.id ?? '',
      },
      send: (body) => create.mutateAsync(body),
      required: ['fileId', 'category'],
    });
    if (result) {
      allowLeave();
      toastSuccess(t('form.saved', { title: result.title }));
      void navigate(`${listPath}?document=${result.id}`);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={760}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <FormErrorAlert message={form.formError} />
          <Input.Wrapper label={t('form.file')} required error={form.error('fileId')}>
            <div style={{ marginTop: 6 }}>
              <FileUpload kind="file" customerId={customerId} multiple={false} onChange={onFiles} />
            </div>
          </Input.Wrapper>
          <TextInput label={t('form.title')} required maxLength={DOCUMENT_LIMITS.title} value={form.values.title} onChange={(e) => form.set('title', e.currentTarget.value)} error={form.error('title')} data-testid="document-title-input" />
          <Select
            label={t('form.category')}
            required
            placeholder={t('form.categoryPlaceholder')}
            data={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            value={form.values.category}
            onChange={(value) => form.set('category', value)}
            error={form.error('category')}
            data-testid="document-category"
          />
          {staff ? (
            <Radio.Group label={t('form.visibility')} value={form.values.visibility} onChange={(value) => form.set('visibility', value)} error={form.error('visibility')}>
              <Stack gap="xs" mt={6}>
                <Radio value="customer" label={<Group gap={6} wrap="nowrap"><IconUsers size={16} aria-hidden />{t('visibility.customer')}</Group>} description={t('form.visibilityCustomerHint')} />
                <Radio value="staff" label={<Group gap={6} wrap="nowrap"><IconEyeOff size={16} aria-hidden />{t('visibility.staff')}</Group>} description={t('form.visibilityStaffHint')} data-testid="visibility-staff" />
              </Stack>
            </Radio.Group>
          ) : (
            <Alert variant="light" color="teal" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Text size="sm">{t('form.customerNotice')}</Text>
            </Alert>
          )}
          <Textarea label={t('form.description')} autosize minRows={3} maxLength={DOCUMENT_LIMITS.description} value={form.values.description} onChange={(e) => form.set('description', e.currentTarget.value)} error={form.error('description')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(listPath)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting} data-testid="save-document">
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
