import { Alert, Button, Drawer, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_CATEGORIES,
  CONTENT_KINDS,
  CUSTOMERS_ENDPOINTS,
  CUSTOMER_ROLES,
  contentInputSchema,
  type ContentAudienceOptions,
  type ContentAudienceType,
  type ContentCategory,
  type ContentInput,
  type ContentItem,
  type ContentKind,
  type CustomerRole,
  type UploadedFile,
} from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';
import { DateField } from '../../../components/forms/DateField';
import { TimeField } from '../../../components/forms/TimeField';
import { useForm } from '../../../components/forms/useForm';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useSaveContent } from '../api/content-api';
import { RichTextField } from './RichTextField';

interface Values {
  kind: ContentKind;
  category: ContentCategory;
  title: string;
  body: string;
  imageId: string | null;
  audienceType: ContentAudienceType;
  regionId: string | null;
  branchId: string | null;
  customers: { id: string; name: string }[];
  roles: CustomerRole[];
  publishDay: string;
  publishTime: string;
  expireDay: string;
  expireTime: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** ISO → the local day (`YYYY-MM-DD`) and time (`HH:mm`) of the date and time fields, and back. */
function toLocalParts(iso: string | null): { day: string; time: string } {
  if (!iso) return { day: '', time: '' };
  const date = new Date(iso);
  return { day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, time: `${pad(date.getHours())}:${pad(date.getMinutes())}` };
}
/** No time given: the start of the day for "show from", its end for "show until". */
const fromLocalParts = (day: string, time: string, fallback: string) => (day ? new Date(`${day}T${time || fallback}`).toISOString() : null);

function valuesOf(item: ContentItem | null, defaultAudience: ContentAudienceType): Values {
  return {
    kind: item?.kind ?? 'announcement',
    category: item?.category ?? 'general',
    title: item?.title ?? '',
    body: item?.body ?? '',
    imageId: item?.image?.id ?? null,
    audienceType: item?.audience.type ?? defaultAudience,
    regionId: item?.audience.regionId ?? null,
    branchId: item?.audience.branchId ?? null,
    customers: item?.audience.customers ?? [],
    roles: item?.audience.roles ?? [],
    publishDay: toLocalParts(item?.publishAt ?? null).day,
    publishTime: toLocalParts(item?.publishAt ?? null).time,
    expireDay: toLocalParts(item?.expireAt ?? null).day,
    expireTime: toLocalParts(item?.expireAt ?? null).time,
  };
}

function payloadOf(values: Values): ContentInput {
  return {
    kind: values.kind,
    category: values.category,
    title: values.title,
    body: values.body,
    imageId: values.imageId,
    audience: {
      type: values.audienceType,
      regionId: values.audienceType === 'region' ? values.regionId : null,
      branchId: values.audienceType === 'branch' ? values.branchId : null,
      customerIds: values.audienceType === 'customers' ? values.customers.map((c) => c.id) : [],
      roles: values.roles,
    },
    publishAt: fromLocalParts(values.publishDay, values.publishTime, '00:00'),
    expireAt: fromLocalParts(values.expireDay, values.expireTime, '23:59'),
  };
}

export interface ContentEditorProps {
  /** null: a new item. */
  item: ContentItem | null;
  opened: boolean;
  onClose: () => void;
  /** What the user may address (decision 041): the form offers only these. */
  options: ContentAudienceOptions;
}

/** Create or edit an item (always saved as it is; publishing is its own action on the list). */
export function ContentEditor({ item, opened, onClose, options }: ContentEditorProps) {
  const { t } = useTranslation('content');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'xl'} title={item ? t('editor.editTitle') : t('editor.newTitle')} data-testid="content-editor">
      {opened && <EditorForm key={item?.id ?? 'new'} item={item} options={options} onDone={onClose} />}
    </Drawer>
  );
}

function EditorForm({ item, options, onDone }: { item: ContentItem | null; options: ContentAudienceOptions; onDone: () => void }) {
  const { t } = useTranslation('content');
  const { t: tRoles } = useTranslation('roles');
  const form = useForm<Values>(valuesOf(item, options.types[0] ?? 'customers'));
  const save = useSaveContent();
  const [replacingImage, setReplacingImage] = useState(false);
  const imageUrl = useAuthedFileUrl(form.values.imageId, 'thumb');
  const { values } = form;
  const phone = useMediaQuery('(max-width: 36em)');

  const submit = async () => {
    const saved = await form.submit({ schema: contentInputSchema, payload: payloadOf(values), send: (body) => save.mutateAsync({ id: item?.id ?? null, body }) });
    if (saved) {
      toastSuccess(t('editor.saved'));
      onDone();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('fields.kind')}
            data={CONTENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            value={values.kind}
            onChange={(value) => value && form.set('kind', value)}
            allowDeselect={false}
          />
          <Select
            label={t('fields.category')}
            data={CONTENT_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
            value={values.category}
            onChange={(value) => value && form.set('category', value)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextInput label={t('fields.title')} required value={values.title} onChange={(e) => form.set('title', e.currentTarget.value)} error={form.error('title')} maxLength={200} data-testid="content-title" />
        <RichTextField label={t('fields.body')} value={values.body} onChange={(html) => form.set('body', html)} error={form.error('body')} />

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('fields.image')}
          </Text>
          {values.imageId && !replacingImage ? (
            <Group gap="sm" align="center">
              {imageUrl && <img src={imageUrl} alt="" style={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 8 }} />}
              <Button variant="default" size="xs" onClick={() => setReplacingImage(true)}>
                {t('editor.replaceImage')}
              </Button>
              <Button variant="subtle" color="red" size="xs" onClick={() => form.set('imageId', null)}>
                {t('editor.removeImage')}
              </Button>
            </Group>
          ) : (
            <FileUpload kind="photo" multiple={false} onChange={(files: UploadedFile[]) => form.set('imageId', files[0]?.id ?? (replacingImage ? (item?.image?.id ?? null) : null))} />
          )}
          {form.error('imageId') && (
            <Text size="xs" c="red">
              {form.error('imageId')}
            </Text>
          )}
        </Stack>

        <Stack gap="xs">
          <Text size="sm" fw={500} id="content-audience-label">
            {t('fields.audience')}
          </Text>
          <SegmentedControl
            aria-labelledby="content-audience-label"
            data={options.types.map((type) => ({ value: type, label: t(`audiences.${type}`) }))}
            value={values.audienceType}
            onChange={(value) => form.set('audienceType', value)}
            fullWidth
            orientation={phone ? 'vertical' : 'horizontal'}
            styles={{ label: { whiteSpace: 'normal' } }}
            data-testid="content-audience"
          />
          {values.audienceType === 'region' && (
            <Select
              label={t('fields.region')}
              required
              data={options.regions.map((r) => ({ value: r.id, label: r.name }))}
              value={values.regionId}
              onChange={(value) => form.set('regionId', value)}
              error={form.error('audience.regionId')}
              searchable
              data-testid="content-region"
            />
          )}
          {values.audienceType === 'branch' && (
            <Select
              label={t('fields.branch')}
              required
              data={options.branches.map((b) => ({ value: b.id, label: b.name }))}
              value={values.branchId}
              data-testid="content-branch"
              onChange={(value) => form.set('branchId', value)}
              error={form.error('audience.branchId')}
              searchable
            />
          )}
          {form.error('audience.type') && (
            <Text size="xs" c="red">
              {form.error('audience.type')}
            </Text>
          )}
          {values.audienceType === 'customers' && (
            <CustomerPicker value={values.customers} onChange={(customers) => form.set('customers', customers)} error={form.error('audience.customerIds')} />
          )}
          <MultiSelect
            label={t('fields.roles')}
            description={t('fields.rolesHint')}
            data={CUSTOMER_ROLES.map((role) => ({ value: role, label: tRoles(`role.${role}`) }))}
            value={values.roles}
            onChange={(roles) => form.set('roles', roles)}
            clearable
          />
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="xs">
          <DateField label={t('fields.publishAt')} description={t('fields.publishAtHint')} value={values.publishDay} onChange={(day) => form.set('publishDay', day)} error={form.error('publishAt')} clearable />
          <TimeField label={t('fields.publishTime')} value={values.publishTime} onChange={(time) => form.set('publishTime', time)} disabled={!values.publishDay} />
          <DateField label={t('fields.expireAt')} description={t('fields.expireAtHint')} value={values.expireDay} onChange={(day) => form.set('expireDay', day)} error={form.error('expireAt')} min={values.publishDay || null} clearable />
          <TimeField label={t('fields.expireTime')} value={values.expireTime} onChange={(time) => form.set('expireTime', time)} disabled={!values.expireDay} />
        </SimpleGrid>
        {item?.status === 'published' && (
          <Alert color="blue" variant="light">
            {t('editor.publishedNote')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="content-save">
            {t('editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Chosen customers: search by name (the customer list's search, which finds only customers in the
 * user's scope — the ones decision 041 lets them address), keep names for the chips.
 */
function CustomerPicker({ value, onChange, error }: { value: { id: string; name: string }[]; onChange: (next: { id: string; name: string }[]) => void; error?: string }) {
  const { t } = useTranslation('content');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useQuery({
    queryKey: ['content', 'customer-picker', debounced],
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: { search: debounced || undefined, pageSize: 25, sort: 'name' } }, { signal }),
  });
  const known = new Map(value.map((c) => [c.id, c.name]));
  for (const c of found.data?.data ?? []) known.set(c.id, c.name);
  return (
    <MultiSelect
      label={t('fields.customers')}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={[...known].map(([id, name]) => ({ value: id, label: name }))}
      value={value.map((c) => c.id)}
      onChange={(ids) => onChange(ids.map((id) => ({ id, name: known.get(id) ?? id })))}
      error={error}
      nothingFoundMessage={t('editor.noCustomers')}
    />
  );
}
