import { ActionIcon, Alert, Button, Chip, CopyButton, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_ROLES, customerSettingsUpdateSchema, type CustomerRole, type CustomerSettings } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import type { FormState } from '../../../components/forms/useForm';
import { ContentCard } from '../../../components/ui/ContentCard';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useRotateRegistrationCode, useUpdateCustomerSettings } from '../api/customers-api';

export interface PortalSettingsValues {
  selfRegistrationEnabled: boolean;
  boardMembersManagePortal: boolean;
  notificationRoles: Record<string, CustomerRole[]>;
}

export function settingsToForm(settings: CustomerSettings): PortalSettingsValues {
  const roles = Object.fromEntries(
    settings.notificationKinds.map(({ kind }) => [kind, CUSTOMER_ROLES.filter((role) => settings.notificationRoles[kind]?.includes(role))]),
  );
  return { selfRegistrationEnabled: settings.selfRegistrationEnabled, boardMembersManagePortal: settings.boardMembersManagePortal, notificationRoles: roles };
}

/** The public registration link residents can be sent (the code filled in). */
export function registrationLink(code: string): string {
  return `${window.location.origin}/resident-user-validation?code=${encodeURIComponent(code)}`;
}

interface PortalSettingsCardProps {
  customerId: string;
  settings: CustomerSettings;
  form: FormState<PortalSettingsValues>;
}

/**
 * Resident self-registration (on/off, the code and its rotation), whether Board Members manage
 * portal users, and which customer-side roles receive which notifications. Read-only unless the
 * server says `canEdit`.
 */
export function PortalSettingsCard({ customerId, settings, form }: PortalSettingsCardProps) {
  const { t } = useTranslation('customers');
  const confirm = useConfirm();
  const update = useUpdateCustomerSettings(customerId);
  const rotate = useRotateRegistrationCode(customerId);
  const readOnly = !settings.canEdit;
  const disabled = readOnly || form.submitting;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit({ schema: customerSettingsUpdateSchema, send: (body) => update.mutateAsync(body) });
    if (!saved) return;
    form.reset(settingsToForm(saved));
    toastSuccess(t('settings.saved'));
  };

  const onRotate = async () => {
    const yes = await confirm({
      title: t('settings.rotateTitle'),
      message: t('settings.rotateQuestion'),
      confirmLabel: t('settings.rotate'),
    });
    if (!yes) return;
    try {
      const next = await rotate.mutateAsync();
      toastSuccess(t('settings.rotated', { code: next.registrationCode ?? '' }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('settings.failed'));
    }
  };

  return (
    <ContentCard title={t('settings.portalTitle')} data-testid="portal-settings">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="lg">
          {readOnly && (
            <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('settings.readOnly')}
            </Alert>
          )}
          <FormErrorAlert message={form.formError} />
          <Stack gap="xs">
            <Switch
              label={t('settings.selfRegistration')}
              description={t('settings.selfRegistrationHint')}
              checked={form.values.selfRegistrationEnabled}
              onChange={(event) => form.set('selfRegistrationEnabled', event.currentTarget.checked)}
              disabled={disabled}
              data-testid="self-registration"
            />
            {settings.registrationCode && (
              <Group gap="sm" pl={{ base: 0, xs: 54 }} wrap="wrap" data-testid="registration-code">
                <Text size="sm">{t('settings.code')}</Text>
                <Text fw={700} ff="monospace" size="lg" c={settings.selfRegistrationEnabled ? undefined : 'dimmed'}>
                  {settings.registrationCode}
                </Text>
                <CopyButton value={registrationLink(settings.registrationCode)} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('settings.copied') : t('settings.copyLink')} withArrow>
                      <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('settings.copyLink')}>
                        {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
                {!readOnly && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    onClick={() => void onRotate()}
                    loading={rotate.isPending}
                  >
                    {t('settings.rotate')}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
          <Switch
            label={t('settings.boardMembers')}
            description={t('settings.boardMembersHint')}
            checked={form.values.boardMembersManagePortal}
            onChange={(event) => form.set('boardMembersManagePortal', event.currentTarget.checked)}
            disabled={disabled}
          />
          <Stack gap="md">
            <Stack gap={2}>
              <Text fw={600}>{t('settings.routingTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('settings.routingHint')}
              </Text>
            </Stack>
            {settings.notificationKinds.map(({ kind, title }) => (
              <Stack key={kind} gap={6} data-testid={`routing-${kind}`}>
                <Text size="sm" fw={500} id={`routing-${kind}`}>
                  {title}
                </Text>
                <Chip.Group
                  multiple
                  value={form.values.notificationRoles[kind]}
                  onChange={(roles) =>
                    form.set('notificationRoles', {
                      ...form.values.notificationRoles,
                      [kind]: CUSTOMER_ROLES.filter((role) => roles.includes(role)),
                    })
                  }
                >
                  <Group gap={6} role="group" aria-labelledby={`routing-${kind}`}>
                    {CUSTOMER_ROLES.map((role) => (
                      <Chip key={role} value={role} size="xs" disabled={disabled}>
                        {t(`roles:role.${role}`)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Stack>
            ))}
          </Stack>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
                {t('settings.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </ContentCard>
  );
}
