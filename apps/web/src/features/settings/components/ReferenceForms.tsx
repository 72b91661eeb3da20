import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  SERVICE_REQUEST_LIMITS,
  serviceRequestPriorityUpdateSchema,
  serviceRequestTypeCreateSchema,
  serviceRequestTypeUpdateSchema,
  type ServiceRequestPriority,
  type ServiceRequestType,
} from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { toastSuccess } from '../../../components/ui/toasts';
import { useReferenceMutations } from '../api/settings-api';
import { FormButtons } from './FormButtons';

/** Add a request type (code and name) or rename one (the code is stable once created). */
export function RequestTypeForm({ type, onDone }: { type: ServiceRequestType | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const { createType, updateType } = useReferenceMutations();
  const form = useForm({ code: type?.code ?? '', name: type?.name ?? '' });
  const { values } = form;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = type
      ? await form.submit({ schema: serviceRequestTypeUpdateSchema, payload: { name: values.name }, send: (body) => updateType.mutateAsync({ id: type.id, body }) })
      : await form.submit({ schema: serviceRequestTypeCreateSchema, send: (body) => createType.mutateAsync(body) });
    if (!saved) return;
    toastSuccess(t('types.saved', { name: saved.name }));
    onDone();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="type-form">
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextInput
          label={t('types.name')}
          name="name"
          value={values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.error('name')}
          maxLength={SERVICE_REQUEST_LIMITS.referenceName}
          required
          data-autofocus
        />
        <TextInput
          label={t('types.code')}
          name="code"
          description={type ? t('types.codeFixed') : t('types.codeHint')}
          value={values.code}
          onChange={(event) => form.set('code', event.currentTarget.value)}
          error={form.error('code')}
          maxLength={SERVICE_REQUEST_LIMITS.referenceCode}
          readOnly={!!type}
          variant={type ? 'filled' : 'default'}
          required={!type}
        />
        <FormButtons submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Change a priority's name and its targets (hours on the priority's clock). */
export function PriorityForm({ priority, onDone }: { priority: ServiceRequestPriority; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const { updatePriority } = useReferenceMutations();
  const form = useForm<{ name: string; responseTargetHours: number | string; resolutionTargetHours: number | string }>({
    name: priority.name,
    responseTargetHours: priority.responseTargetHours,
    resolutionTargetHours: priority.resolutionTargetHours,
  });
  const { values } = form;
  const hours = (value: number | string) => (value === '' ? undefined : Number(value));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const response = hours(values.responseTargetHours);
    const resolution = hours(values.resolutionTargetHours);
    if (response !== undefined && resolution !== undefined && resolution < response) {
      form.setErrors({ resolutionTargetHours: [t('priorities.resolutionTooShort')] });
      return;
    }
    const saved = await form.submit({
      schema: serviceRequestPriorityUpdateSchema,
      payload: { name: values.name, responseTargetHours: response ?? null, resolutionTargetHours: resolution ?? null },
      required: ['responseTargetHours', 'resolutionTargetHours'],
      send: (body) => updatePriority.mutateAsync({ id: priority.id, body }),
    });
    if (!saved) return;
    toastSuccess(t('priorities.saved', { name: saved.name }));
    onDone();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="priority-form">
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextInput
          label={t('priorities.name')}
          name="name"
          value={values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.error('name')}
          maxLength={SERVICE_REQUEST_LIMITS.referenceName}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label={t('priorities.response')}
            name="responseTargetHours"
            value={values.responseTargetHours}
            onChange={(value) => form.set('responseTargetHours', value)}
            error={form.error('responseTargetHours')}
            min={1}
            max={24 * 365}
            allowDecimal={false}
            suffix={` ${t('priorities.hoursSuffix')}`}
            required
          />
          <NumberInput
            label={t('priorities.resolution')}
            name="resolutionTargetHours"
            value={values.resolutionTargetHours}
            onChange={(value) => form.set('resolutionTargetHours', value)}
            error={form.error('resolutionTargetHours')}
            min={1}
            max={24 * 365}
            allowDecimal={false}
            suffix={` ${t('priorities.hoursSuffix')}`}
            required
          />
        </SimpleGrid>
        <FormButtons submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
