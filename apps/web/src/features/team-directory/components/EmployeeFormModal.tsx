import { useRef } from 'react';
import { Avatar, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  INVITATION_TTL_DAYS,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  PROFILE_TITLE_MAX_LENGTH,
  STAFF_ROLES,
  employeeCreateSchema,
  employeeUpdateSchema,
  type Employee,
  type StaffRole,
} from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { useBranches, useRegions } from '../../../entities/branches';
import { useEmployeeMutations } from '../api/employees-api';

interface EmployeeValues {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  phone: string;
  roles: StaffRole[];
  regionId: string | null;
  branchId: string | null;
  photoFileId: string | null;
}

const EMPTY: EmployeeValues = { email: '', firstName: '', lastName: '', title: '', phone: '', roles: [], regionId: null, branchId: null, photoFileId: null };

const toValues = (employee: Employee): EmployeeValues => ({
  email: employee.email,
  firstName: employee.firstName,
  lastName: employee.lastName,
  title: employee.title ?? '',
  phone: employee.phone ?? '',
  roles: employee.roles,
  regionId: employee.regionId,
  branchId: employee.branchId,
  photoFileId: employee.photoFileId,
});

interface EmployeeFormModalProps {
  /** `null`: a new staff member. */
  employee: Employee | null;
  opened: boolean;
  onClose: () => void;
}

/** System Admin: create a staff member (an invitation is emailed) or change one. Staff roles only. */
export function EmployeeFormModal({ employee, opened, onClose }: EmployeeFormModalProps) {
  const { t } = useTranslation('teamDirectory');
  const phone = useMediaQuery('(max-width: 48em)');
  // The × button and Escape go through the form, which asks before dropping changes.
  const requestClose = useRef<() => void>(onClose);
  return (
    <Modal
      opened={opened}
      onClose={() => requestClose.current()}
      title={employee ? t('form.editTitle', { name: `${employee.firstName} ${employee.lastName}` }) : t('form.newTitle')}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      {opened && <EmployeeForm key={employee?.id ?? 'new'} employee={employee} onDone={onClose} closeRef={requestClose} />}
    </Modal>
  );
}

function EmployeeForm({ employee, onDone, closeRef }: { employee: Employee | null; onDone: () => void; closeRef: React.RefObject<() => void> }) {
  const { t } = useTranslation('teamDirectory');
  const confirm = useConfirm();
  const regions = useRegions();
  const branches = useBranches();
  const { create, update } = useEmployeeMutations();
  const form = useForm(employee ? toValues(employee) : EMPTY);
  useUnsavedChanges(form.dirty);
  const photoUrl = useAuthedFileUrl(form.values.photoFileId);
  const { values } = form;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const fields = {
      firstName: values.firstName,
      lastName: values.lastName,
      title: values.title.trim() || null,
      phone: values.phone.trim() || null,
      roles: values.roles,
      regionId: values.regionId,
      branchId: values.branchId,
      photoFileId: values.photoFileId,
    };
    const saved = employee
      ? await form.submit({ schema: employeeUpdateSchema, payload: fields, send: (body) => update.mutateAsync({ id: employee.id, body }) })
      : await form.submit({ schema: employeeCreateSchema, payload: { ...fields, email: values.email }, send: (body) => create.mutateAsync(body) });
    if (!saved) return;
    const name = `${saved.firstName} ${saved.lastName}`;
    toastSuccess(employee ? t('form.saved', { name }) : t('form.created', { name, email: saved.email, days: INVITATION_TTL_DAYS }));
    form.reset(toValues(saved));
    onDone();
  };

  const cancel = async () => {
    if (form.dirty && !(await confirm({ title: t('forms:unsaved.title'), message: t('forms:unsaved.message'), confirmLabel: t('forms:unsaved.leave'), cancelLabel: t('forms:unsaved.stay') }))) return;
    form.reset(employee ? toValues(employee) : EMPTY);
    onDone();
  };

  closeRef.current = () => void cancel();

  const branchOptions = (branches.data ?? [])
    .filter((branch) => !values.regionId || branch.regionId === values.regionId)
    .map((branch) => ({ value: branch.id, label: branch.name }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="employee-form">
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextInput
          type="email"
          label={t('form.email')}
          description={employee ? undefined : t('form.emailHint', { days: INVITATION_TTL_DAYS })}
          value={values.email}
          onChange={(event) => form.set('email', event.currentTarget.value)}
          error={form.error('email')}
          readOnly={!!employee}
          variant={employee ? 'filled' : 'default'}
          required={!employee}
          autoComplete="off"
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('form.firstName')}
            value={values.firstName}
            onChange={(event) => form.set('firstName', event.currentTarget.value)}
            error={form.error('firstName')}
            maxLength={PROFILE_NAME_MAX_LENGTH}
            required
          />
          <TextInput
            label={t('form.lastName')}
            value={values.lastName}
            onChange={(event) => form.set('lastName', event.currentTarget.value)}
            error={form.error('lastName')}
            maxLength={PROFILE_NAME_MAX_LENGTH}
            required
          />
          <TextInput label={t('form.title')} value={values.title} onChange={(event) => form.set('title', event.currentTarget.value)} error={form.error('title')} maxLength={PROFILE_TITLE_MAX_LENGTH} />
          <TextInput type="tel" label={t('form.phone')} value={values.phone} onChange={(event) => form.set('phone', event.currentTarget.value)} error={form.error('phone')} maxLength={PROFILE_PHONE_MAX_LENGTH} />
          <Select
            label={t('form.region')}
            data={(regions.data ?? []).map((region) => ({ value: region.id, label: region.name }))}
            value={values.regionId}
            clearable
            onChange={(value) => {
              form.set('regionId', value);
              const branch = branches.data?.find((candidate) => candidate.id === values.branchId);
              if (branch && branch.regionId !== value) form.set('branchId', null);
            }}
            error={form.error('regionId')}
          />
          <Select
            label={t('form.branch')}
            data={branchOptions}
            value={values.branchId}
            clearable
            onChange={(value) => {
              form.set('branchId', value);
              const branch = branches.data?.find((candidate) => candidate.id === value);
              if (branch) form.set('regionId', branch.regionId);
            }}
            error={form.error('branchId')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('form.roles')}
          description={t('form.rolesHint')}
          value={values.roles}
          onChange={(roles) => form.set('roles', STAFF_ROLES.filter((role) => roles.includes(role)))}
          error={form.error('roles')}
          withAsterisk
          data-testid="staff-role-picker"
        >
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
            {STAFF_ROLES.map((role) => (
              <Checkbox key={role} value={role} label={t(`roles:role.${role}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('form.photo')}
          </Text>
          {values.photoFileId && (
            <Group gap="sm">
              <Avatar src={photoUrl} radius="xl" size={56} alt="" />
              <Button variant="subtle" color="red" size="xs" onClick={() => form.set('photoFileId', null)}>
                {t('form.removePhoto')}
              </Button>
            </Group>
          )}
          <FileUpload
            kind="photo"
            multiple={false}
            onChange={(files) => {
              const uploaded = files.at(-1);
              if (uploaded) form.set('photoFileId', uploaded.id);
            }}
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void cancel()} disabled={form.submitting}>
            {t('forms:cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {employee ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
