import { Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NotificationPreference } from '@grove/shared';

interface NotificationChoicesProps {
  value: NotificationPreference[];
  onChange: (value: NotificationPreference[]) => void;
  disabled?: boolean;
}

/** One row per notification kind (titled by the server in the reader's language): shown in the app, and also sent by email. */
export function NotificationChoices({ value, onChange, disabled }: NotificationChoicesProps) {
  const { t } = useTranslation('forms');
  const change = (kind: string, patch: Partial<NotificationPreference>) =>
    onChange(value.map((choice) => (choice.kind === kind ? { ...choice, ...patch } : choice)));
  if (value.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('notifications.none')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="sm" data-testid="notification-choices">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('notifications.kind')}</Table.Th>
          <Table.Th ta="center" w={90}>
            {t('notifications.inApp')}
          </Table.Th>
          <Table.Th ta="center" w={90}>
            {t('notifications.email')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {value.map((choice) => {
          const label = choice.title;
          return (
            <Table.Tr key={choice.kind}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {choice.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  mx="auto"
                  w="fit-content"
                  checked={choice.inApp}
                  onChange={(event) => change(choice.kind, { inApp: event.currentTarget.checked })}
                  disabled={disabled}
                  aria-label={t('notifications.inAppFor', { kind: label })}
                />
              </Table.Td>
              <Table.Td>
                <Switch
                  mx="auto"
                  w="fit-content"
                  checked={choice.email}
                  onChange={(event) => change(choice.kind, { email: event.currentTarget.checked })}
                  disabled={disabled}
                  aria-label={t('notifications.emailFor', { kind: label })}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
