import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Input, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCurrentLocation, IconMapPinCheck, IconSend, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  PREFERRED_CONTACTS,
  SERVICE_REQUEST_LIMITS,
  serviceRequestCreateSchema,
  type FieldErrors,
  type PreferredContact,
  type UploadedFile,
} from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { fieldError, recheckFields, validate } from '../../../app/validation';
import { toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useCreateRequest, useCustomerTeam, useCustomerZones, useMayListPortalUsers, usePriorities, useRequestTypes } from '../api/requests-api';
import { usePortalUserPicker } from '../../../entities/portal-users';
import { actionErrorText } from './error-text';
import { uploadsPending } from './uploads-pending';
import { useRequestLabels } from './labels';
import type { Audience } from './Timeline';
import { typeIcon } from './type-icons';
import classes from './RequestForm.module.css';

interface RequestFormProps {
  customerId: string;
  audience: Audience;
  /** Where to go once the request is filed. */
  detailPath: (id: string) => string;
  cancelPath: string;
}

interface FormState {
  typeId: string;
  priorityId: string | null;
  title: string;
  description: string;
  locationText: string;
  /** A zone of the customer's map, and/or the device's position: where on the property. */
  zoneId: string | null;
  position: { latitude: number; longitude: number } | null;
  preferredContact: PreferredContact;
  requesterId: string | null;
  assigneeId: string | null;
}

/**
 * Filing a request. Customer users get a short form made for phones: big type buttons, camera
 * photos, large inputs. Staff file on the customer's behalf with priority, files, the requester
 * and an optional assignee.
 */
export function RequestForm({ customerId, audience, detailPath, cancelPath }: RequestFormProps) {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  const labels = useRequestLabels();
  const types = useRequestTypes();
  const staff = audience === 'staff';
  const priorities = usePriorities();
  const team = useCustomerTeam(staff ? customerId : undefined);
  const mayPickRequester = useMayListPortalUsers(staff ? customerId : undefined).data === true;
  const create = useCreateRequest();
  const zones = useCustomerZones(customerId);
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  const [form, setForm] = useState<FormState>({
    typeId: '',
    priorityId: null,
    title: '',
    description: '',
    locationText: '',
    zoneId: null,
    position: null,
    preferredContact: 'email',
    requesterId: null,
    assigneeId: null,
  });
  // Searched on the server: a customer may have more portal users than one page.
  const portalUsers = usePortalUserPicker(mayPickRequester ? customerId : undefined, form.requesterId);
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const size = staff ? 'sm' : 'md';

  const changed = useRef(new Set<string>());
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    changed.current.add(key);
    setForm((previous) => ({ ...previous, [key]: value }));
  };

  const activePriorities = (priorities.data ?? []).filter((p) => !p.retired).sort((a, b) => a.rank - b.rank);
  const normal = activePriorities.find((p) => p.code === 'normal');

  const bodyOf = (form: FormState) => ({
    customerId,
    typeId: form.typeId,
    title: form.title,
    description: form.description,
    locationText: form.locationText,
    ...(form.zoneId ? { zoneId: form.zoneId } : {}),
    ...(form.position ?? {}),
    preferredContact: form.preferredContact,
    photoIds: photos.map((photo) => photo.id),
    fileIds: files.map((file) => file.id),
    ...(staff && form.priorityId ? { priorityId: form.priorityId } : {}),
    ...(staff && form.requesterId ? { requesterId: form.requesterId } : {}),
    ...(staff && form.assigneeId ? { assigneeId: form.assigneeId } : {}),
  });

  // A field showing an error is checked again when it changes (issue 17 §8).
  useEffect(() => {
    if (changed.current.size === 0) return;
    const fields = [...changed.current];
    changed.current.clear();
    setErrors((previous) => recheckFields(previous, fields, serviceRequestCreateSchema, bodyOf(form), t));
    // bodyOf reads only `form` and the attachments, which do not carry field errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, t]);

  const submit = async () => {
    setFailure(null);
    if (uploadsPending(formRef.current)) {
      setFailure(t('form.uploading'));
      return;
    }
    const body = bodyOf(form);
    const checked = validate(serviceRequestCreateSchema, body, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError();
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(checked.data);
      toastSuccess(t('form.sent', { number: created.number }));
      void navigate(detailPath(created.id));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setFailure(actionErrorText(error, t));
    }
  };

  const focusFirstError = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input')?.focus());
  };

  const typeOptions = (types.data ?? []).filter((type) => !type.retired);

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setLocateFailed(true);
      return;
    }
    setLocating(true);
    setLocateFailed(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        set('position', { latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setLocateFailed(true);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <Paper
      component="form"
      ref={formRef}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="request-form"
    >
      <Stack gap="lg" maw={staff ? 880 : 640}>
        {!staff && <Text size="sm">{t('form.customerIntro')}</Text>}

        {staff ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('fields.type')}
              required
              placeholder={t('form.chooseType')}
              data={typeOptions.map((type) => ({ value: type.id, label: labels.type(type) }))}
              value={form.typeId || null}
              onChange={(value) => set('typeId', value ?? '')}
              error={fieldError(errors, 'typeId')}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('fields.priority')}
              data={activePriorities.map((p) => ({ value: p.id, label: labels.priority(p) }))}
              value={form.priorityId ?? normal?.id ?? null}
              onChange={(value) => set('priorityId', value)}
              allowDeselect={false}
              error={fieldError(errors, 'priorityId')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        ) : (
          <Radio.Group
            label={t('form.whatKind')}
            required
            value={form.typeId}
            onChange={(value) => set('typeId', value)}
            error={fieldError(errors, 'typeId')}
            size="md"
          >
            <div className={classes.typeGrid} style={{ marginTop: 8 }} data-testid="type-picker">
              {typeOptions.map((type) => {
                const Icon = typeIcon(type.code);
                return (
                  <Radio.Card key={type.id} value={type.id} className={classes.typeCard} data-checked={form.typeId === type.id || undefined}>
                    <Icon size={24} stroke={1.6} aria-hidden />
                    <span className={classes.typeLabel}>{labels.type(type)}</span>
                  </Radio.Card>
                );
              })}
            </div>
          </Radio.Group>
        )}

        <TextInput
          label={t('fields.title')}
          description={staff ? undefined : t('form.titleHint')}
          placeholder={t('form.titlePlaceholder')}
          required
          size={size}
          maxLength={SERVICE_REQUEST_LIMITS.title}
          value={form.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={fieldError(errors, 'title')}
        />
        <Textarea
          label={t('fields.description')}
          placeholder={t('form.descriptionPlaceholder')}
          autosize
          minRows={staff ? 3 : 4}
          maxRows={14}
          size={size}
          maxLength={SERVICE_REQUEST_LIMITS.description}
          value={form.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={fieldError(errors, 'description')}
        />
        <TextInput
          label={staff ? t('fields.location') : t('form.where')}
          description={staff ? undefined : t('form.whereHint')}
          placeholder={t('form.wherePlaceholder')}
          size={size}
          maxLength={SERVICE_REQUEST_LIMITS.locationText}
          value={form.locationText}
          onChange={(event) => set('locationText', event.currentTarget.value)}
          error={fieldError(errors, 'locationText')}
        />
        {(zones.data?.length ?? 0) > 0 && (
          <Select
            label={t('form.zone')}
            placeholder={t('form.zonePlaceholder')}
            size={size}
            clearable
            data={(zones.data ?? []).map((zone) => ({ value: zone.id, label: zone.name }))}
            value={form.zoneId}
            onChange={(value) => set('zoneId', value)}
            error={fieldError(errors, 'zoneId')}
          />
        )}
        <Group gap="xs" data-testid="request-position">
          {form.position ? (
            <>
              <Text size="sm" c="teal.8" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                <IconMapPinCheck size={18} aria-hidden />
                {t('form.locationAdded')}
              </Text>
              <Button variant="subtle" color="gray" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={() => set('position', null)}>
                {t('form.removeLocation')}
              </Button>
            </>
          ) : (
            <Button variant="light" size={staff ? 'xs' : 'sm'} leftSection={<IconCurrentLocation size={16} aria-hidden />} loading={locating} onClick={locateMe}>
              {t('form.useMyLocation')}
            </Button>
          )}
          {locateFailed && (
            <Text size="xs" c="red.8" role="alert">
              {t('form.locationUnavailable')}
            </Text>
          )}
        </Group>

        <Input.Wrapper label={t('form.photos')} description={staff ? undefined : t('form.photosHint')} error={fieldError(errors, 'photoIds')} size={size}>
          <div style={{ marginTop: 6 }}>
            <FileUpload kind="photo" customerId={customerId} onChange={setPhotos} />
          </div>
        </Input.Wrapper>
        {staff && (
          <Input.Wrapper label={t('form.files')} error={fieldError(errors, 'fileIds')} size={size}>
            <div style={{ marginTop: 6 }}>
              <FileUpload kind="file" customerId={customerId} onChange={setFiles} />
            </div>
          </Input.Wrapper>
        )}

        {staff && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {mayPickRequester && !portalUsers.isError && (
              <Select
                label={t('fields.requester')}
                description={t('form.requesterHint')}
                placeholder={t('form.requesterMe')}
                {...portalUsers.select}
                value={form.requesterId}
                onChange={(value) => set('requesterId', value)}
                clearable
                error={fieldError(errors, 'requesterId')}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Select
              label={t('fields.assignee')}
              description={t('form.assigneeHint')}
              placeholder={t('detail.unassigned')}
              data={(team.data ?? []).map((member) => ({ value: member.userId, label: `${member.name} · ${member.teamRole}` }))}
              value={form.assigneeId}
              onChange={(value) => set('assigneeId', value)}
              clearable
              searchable
              error={fieldError(errors, 'assigneeId')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        )}

        <Radio.Group
          label={t('fields.preferredContact')}
          description={staff ? undefined : t('form.contactHint')}
          value={form.preferredContact}
          onChange={(value) => set('preferredContact', value)}
          size={size}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={6}>
            {PREFERRED_CONTACTS.map((value) => (
              <Radio.Card key={value} value={value} className={classes.contactCard} data-checked={form.preferredContact === value || undefined}>
                <Radio.Indicator size="sm" />
                <span className={classes.typeLabel}>{labels.contact(value)}</span>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify={staff ? 'flex-end' : 'stretch'} gap="sm" wrap="wrap-reverse">
          <Button variant="default" size={size} onClick={() => void navigate(cancelPath)} fullWidth={!staff} style={staff ? undefined : { flex: 1 }}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" size={size} loading={create.isPending} leftSection={<IconSend size={18} aria-hidden />} fullWidth={!staff} style={staff ? undefined : { flex: 2 }}>
            {staff ? t('form.submitStaff') : t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
