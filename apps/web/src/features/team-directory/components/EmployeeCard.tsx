import { ActionIcon, Anchor, Avatar, Badge, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconDots, IconHeartHandshake, IconMail, IconMailForward, IconPencil, IconPhone, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Employee } from '@grove/shared';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';

export type EmployeeAction = 'edit' | 'resend' | 'deactivate' | 'reactivate';

interface EmployeeCardProps {
  employee: Employee;
  /** System Admin actions; none for everyone else. */
  onAction?: (action: EmployeeAction, employee: Employee) => void;
  /** The signed-in admin: they cannot deactivate themselves. */
  isSelf?: boolean;
  /** Kudos received from customers (shown when there are any). */
  kudosCount?: number;
}

/** One person of the directory: photo or initials, title, roles, branch, how to reach them, whom they serve. */
export function EmployeeCard({ employee, onAction, isSelf = false, kudosCount = 0 }: EmployeeCardProps) {
  const { t } = useTranslation('teamDirectory');
  const photo = useAuthedFileUrl(employee.photoFileId);
  const name = `${employee.firstName} ${employee.lastName}`;
  const more = employee.customerCount - employee.customers.length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="employee-card" data-active={employee.active} style={{ opacity: employee.active ? 1 : 0.7 }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={photo} name={name} color="initials" radius="xl" size={52} alt="" />
            <Stack gap={2} miw={0}>
              <Text fw={600} truncate>
                {name}
              </Text>
              {employee.title && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {employee.title}
                </Text>
              )}
            </Stack>
          </Group>
          {onAction && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name })}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAction('edit', employee)}>
                  {t('actions.edit')}
                </Menu.Item>
                {employee.invited && employee.active && (
                  <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => onAction('resend', employee)}>
                    {t('actions.resend')}
                  </Menu.Item>
                )}
                {isSelf ? null : employee.active ? (
                  <Menu.Item color="red" leftSection={<IconUserOff size={16} aria-hidden />} onClick={() => onAction('deactivate', employee)}>
                    {t('actions.deactivate')}
                  </Menu.Item>
                ) : (
                  <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => onAction('reactivate', employee)}>
                    {t('actions.reactivate')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Group gap={4}>
          {employee.roles.map((role) => (
            <Badge key={role} variant="light" color="teal" radius="sm" tt="none" fw={500}>
              {t(`roles:role.${role}`)}
            </Badge>
          ))}
          {kudosCount > 0 && (
            <Badge variant="light" color="orange" radius="sm" tt="none" fw={500} leftSection={<IconHeartHandshake size={12} aria-hidden />} data-testid="kudos-count">
              {t('card.kudos', { count: kudosCount })}
            </Badge>
          )}
          {!employee.active && (
            <Badge variant="light" color="gray" radius="sm">
              {t('card.inactive')}
            </Badge>
          )}
          {employee.active && employee.invited && (
            <Badge variant="light" color="blue" radius="sm">
              {t('card.invited')}
            </Badge>
          )}
        </Group>
        {(employee.branchName || employee.regionName) && (
          <Text size="sm">{[employee.branchName, employee.regionName].filter(Boolean).join(' · ')}</Text>
        )}
        <Stack gap={2}>
          {employee.phone && (
            <Anchor href={`tel:${employee.phone.replace(/[^+\d]/g, '')}`} size="sm" aria-label={t('card.call', { name, phone: employee.phone })}>
              <IconPhone size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
              {employee.phone}
            </Anchor>
          )}
          <Anchor href={`mailto:${employee.email}`} size="sm" truncate aria-label={t('card.email', { name, email: employee.email })}>
            <IconMail size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
            {employee.email}
          </Anchor>
        </Stack>
        {employee.customerCount > 0 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              {t('card.serves', { count: employee.customerCount })}
            </Text>
            <Text size="sm" component="div">
              {employee.customers.map((customer, index) => (
                <span key={customer.id}>
                  {index > 0 && ', '}
                  <Anchor component={Link} to={`/customers/${encodeURIComponent(customer.id)}`} size="sm">
                    {customer.name}
                  </Anchor>
                </span>
              ))}
              {more > 0 && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  {t('card.more', { count: more })}
                </Text>
              )}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
