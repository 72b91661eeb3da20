import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JoinRequest } from '@grove/shared';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useAnswerJoinRequest, useJoinRequests } from '../api/customers-api';

/**
 * Customers that asked the signed-in person to join them (a property manager added their
 * existing account). Nothing changes until the person accepts; declining removes the request.
 */
export function JoinRequestsCard() {
  const { t } = useTranslation(['customers', 'roles']);
  const requests = useJoinRequests();
  const answer = useAnswerJoinRequest();
  const rows = requests.data ?? [];
  if (rows.length === 0) return null;

  const respond = async (request: JoinRequest, accept: boolean) => {
    try {
      await answer.mutateAsync({ customerId: request.customerId, accept });
      toastSuccess(t(accept ? 'joinRequests.accepted' : 'joinRequests.declined', { customer: request.customerName }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="join-requests">
      <Stack gap="sm">
        <Group gap="xs">
          <IconUserPlus size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('joinRequests.title')}
          </Title>
        </Group>
        {rows.map((request) => {
          const roles = request.roles.map((role) => t(`roles:role.${role}`)).join(', ');
          return (
            <Group key={request.customerId} justify="space-between" wrap="wrap" gap="sm" data-testid="join-request">
              <Text size="sm" style={{ flex: '1 1 16rem' }}>
                {request.invitedBy
                  ? t('joinRequests.text', { inviter: request.invitedBy, customer: request.customerName, roles })
                  : t('joinRequests.textNoInviter', { customer: request.customerName, roles })}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => void respond(request, false)} disabled={answer.isPending}>
                  {t('joinRequests.decline')}
                </Button>
                <Button size="xs" onClick={() => void respond(request, true)} loading={answer.isPending}>
                  {t('joinRequests.accept')}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
