import { useEffect } from 'react';
import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconLock, IconMailForward, IconUserCheck, IconUserOff, IconUserX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  PORTAL_UNIT_MAX_LENGTH,
  isSystemAdmin,
  portalUserUpdateSchema,
  type CustomerRole,
  type NotificationPreference,
  type PortalUserDetail,
} from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { useSession } from '../../../app/session';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { NotificationChoices } from '../../../components/forms/NotificationChoices';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { toastSuccess } from '../../../components/ui/toasts';
import { portalKeys, portalLimits, updatePortalUser, usePortalCustomer, usePortalUser } from '../api/portal-api';
import { PortalStatusBadge } from '../components/PortalStatusBadge';
import { usePortalUserAction } from '../components/PortalUserActions';
import { RolePicker } from '../components/RolePicker';
import { usePortalBase } from '../components/usePortalBase';

interface EditValues {
  roles: CustomerRole[];
  unit: string;
  notifications: NotificationPreference[];
}

const EMPTY: EditValues = { roles: [], unit: '', notifications: [] };

const toValues = (user: PortalUserDetail): EditValues => ({
  roles: user.roles,
  unit: user.unit ?? '',
  notifications: user.notifications.filter((choice) => choice.audience === 'customer'),
});

/** …/manage-portal-access/{userId}/editUser: roles, unit, notifications and status of one portal user. */
export default function EditPortalUserPage() {
  const { t } = useTranslation('portalAccess');
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const paths = usePortalBase();
  const customer = usePortalCustomer(paths.customerId);
  const limits = portalLimits(customer.data);
  const portalUser = usePortalUser(paths.customerId, limits.allowed ? paths.userId : undefined);
  const form = useForm(EMPTY);
  const { allowLeave } = useUnsavedChanges(form.dirty);
  const { run, pending } = usePortalUserAction(paths.customerId);
  const data = portalUser.data;
  const isSelf = !!data && data.userId === me?.id;
  // A Board Member looks at a Property Manager: shown, not changeable (issue 9 §6).
  const boardLocked = !!data && limits.boardOnly && data.roles.includes('Property Manager');
  const readOnly = isSelf || boardLocked;
  const systemAdmin = isSystemAdmin(me?.roles ?? []);

  const { reset, dirty } = form;
  useEffect(() => {
    if (data && !dirty) reset(toValues(data));
    // A new answer reloads the form unless the user is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, reset]);

  if (customer.data && !limits.allowed) {
    return (
      <ContentCard data-testid="portal-not-allowed">
        <EmptyState icon={<IconLock size={28} aria-hidden />} title={t('notAllowed.title')} description={t('notAllowed.text')} />
      </ContentCard>
    );
  }
  if (portalUser.error instanceof ApiError && portalUser.error.status === 404) {
    return (
      <ContentCard>
        <EmptyState title={t('editUser.notFoundTitle')} description={t('editUser.notFoundText')} action={<Anchor component={Link} to={paths.list}>{t('editUser.back')}</Anchor>} />
      </ContentCard>
    );
  }
  if (portalUser.error) return <ErrorState message={portalUser.error.message} onRetry={() => void portalUser.refetch()} />;
  if (!data) return <Skeleton height={420} radius="md" />;

  const name = `${data.firstName} ${data.lastName}`.trim() || data.email;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit({
      schema: portalUserUpdateSchema,
      payload: { roles: form.values.roles, unit: form.values.unit.trim() || null, notifications: form.values.notifications.map(({ kind, inApp, email }) => ({ kind, inApp, email })) },
      send: (body) => updatePortalUser(paths.customerId, data.userId, body),
    });
    if (!saved) return;
    queryClient.setQueryData(portalKeys.user(paths.customerId, data.userId), saved);
    void queryClient.invalidateQueries({ queryKey: [...portalKeys.all(paths.customerId), 'list'] });
    form.reset(toValues(saved));
    toastSuccess(t('editUser.saved', { name }));
    allowLeave();
    await navigate(paths.list);
  };

  const act = async (kind: Parameters<typeof run>[1]) => {
    if (await run(data, kind)) void portalUser.refetch();
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <ContentCard title={name} data-testid="edit-portal-user">
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Stack gap="md">
              {isSelf && (
                <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
                  {t('editUser.self')}
                </Alert>
              )}
              {boardLocked && (
                <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="board-limit">
                  {t('boardLimit')}
                </Alert>
              )}
              <FormErrorAlert message={form.formError} />
              <TextInput label={t('form.email')} value={data.email} readOnly variant="filled" />
              <TextInput
                label={t('form.unit')}
                description={t('form.unitHint')}
                value={form.values.unit}
                onChange={(event) => form.set('unit', event.currentTarget.value)}
                error={form.error('unit')}
                maxLength={PORTAL_UNIT_MAX_LENGTH}
                disabled={readOnly}
                name="unit"
              />
              <RolePicker
                value={form.values.roles}
                onChange={(roles) => form.set('roles', roles)}
                error={form.error('roles')}
                disabled={readOnly || form.submitting}
                locked={limits.boardOnly ? ['Property Manager'] : []}
              />
              <Stack gap={4}>
                <Text fw={500} size="sm">
                  {t('editUser.notifications')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('editUser.notificationsHint')}
                </Text>
                <NotificationChoices value={form.values.notifications} onChange={(notifications) => form.set('notifications', notifications)} disabled={readOnly || form.submitting} />
                {form.error('notifications') && (
                  <Text size="xs" c="red">
                    {form.error('notifications')}
                  </Text>
                )}
              </Stack>
              {!readOnly && (
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={() => void navigate(paths.list)} disabled={form.submitting}>
                    {t('forms:cancel')}
                  </Button>
                  <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
                    {t('editUser.save')}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        </ContentCard>
      </Grid.Col>
      {/* On a phone, status and its actions (approve, disable) come first. */}
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <ContentCard title={t('editUser.accessTitle')} data-testid="portal-user-access">
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm">{t('list.status')}:</Text>
              <PortalStatusBadge status={data.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {t(`statusHelp.${data.status}`)}
            </Text>
            <Text size="sm">
              {t('list.lastSignIn')}: {data.lastLoginAt ? format.dateTime(data.lastLoginAt) : t('list.never')}
            </Text>
            <Text size="sm">
              {t('editUser.since')}: {format.date(data.createdAt)}
            </Text>
            {!readOnly && (
              <Stack gap="xs" mt="xs">
                {data.status === 'pending_approval' && (
                  <Button color="teal" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void act('approve')} loading={pending} data-testid="approve-user">
                    {t('actions.approve')}
                  </Button>
                )}
                {data.status === 'invited' && (
                  <Button variant="light" leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => void act('resend-invitation')} loading={pending}>
                    {t('actions.resend')}
                  </Button>
                )}
                {data.status === 'disabled' ? (
                  <Button variant="light" leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => void act('enable')} loading={pending}>
                    {t('actions.enable')}
                  </Button>
                ) : (
                  <Button variant="light" color="red" leftSection={<IconUserOff size={16} aria-hidden />} onClick={() => void act('disable')} loading={pending}>
                    {t('actions.disable')}
                  </Button>
                )}
                {/* Only a System Admin acts on the account itself, for every customer (issue 9 §5). */}
                {systemAdmin &&
                  (data.status === 'disabled' ? (
                    <Button variant="subtle" leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => void act('enable-account')} loading={pending}>
                      {t('actions.enableAccount')}
                    </Button>
                  ) : (
                    <Button variant="subtle" color="red" leftSection={<IconUserX size={16} aria-hidden />} onClick={() => void act('disable-account')} loading={pending} data-testid="disable-account">
                      {t('actions.disableAccount')}
                    </Button>
                  ))}
              </Stack>
            )}
          </Stack>
        </ContentCard>
      </Grid.Col>
    </Grid>
  );
}
