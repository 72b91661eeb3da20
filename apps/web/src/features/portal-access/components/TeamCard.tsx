import { ActionIcon, Anchor, Avatar, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconUserMinus, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerTeamMember } from '@grove/shared';
import { ContentCard } from '../../../components/ui/ContentCard';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useTeam, useTeamMutations } from '../api/portal-api';

interface TeamCardProps {
  customerId: string;
  /** Editors and the customer's Account Manager may change the team. */
  canManage: boolean;
  /** Where "Add team member" leads; without it the button is not shown. */
  addPath?: string;
}

/** Grove staff on the customer's team, with their team role; remove asks first. */
export function TeamCard({ customerId, canManage, addPath }: TeamCardProps) {
  const { t } = useTranslation('portalAccess');
  const team = useTeam(customerId);
  const { remove } = useTeamMutations(customerId);
  const confirm = useConfirm();

  const onRemove = async (member: CustomerTeamMember) => {
    const yes = await confirm({ title: t('team.removeTitle'), message: t('team.removeQuestion', { name: member.name }), confirmLabel: t('team.remove') });
    if (!yes) return;
    try {
      await remove.mutateAsync(member.userId);
      toastSuccess(t('team.removed', { name: member.name }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('actions.failed'));
    }
  };

  return (
    <ContentCard
      title={t('team.title')}
      actions={
        canManage && addPath ? (
          <Button component={Link} to={addPath} size="xs" variant="light" leftSection={<IconUserPlus size={14} aria-hidden />} data-testid="add-team-member">
            {t('team.add')}
          </Button>
        ) : undefined
      }
      data-testid="team-card"
    >
      {team.isPending ? (
        <ListSkeleton rows={2} columns={3} />
      ) : team.error ? (
        <ErrorState message={team.error.message} onRetry={() => void team.refetch()} />
      ) : team.data.length === 0 ? (
        <EmptyState icon={<IconUsersGroup size={28} aria-hidden />} title={t('team.emptyTitle')} description={t('team.emptyText')} />
      ) : (
        <TeamList team={team.data} onRemove={canManage ? (member) => void onRemove(member) : undefined} />
      )}
    </ContentCard>
  );
}

export function TeamList({ team, onRemove }: { team: CustomerTeamMember[]; onRemove?: (member: CustomerTeamMember) => void }) {
  const { t } = useTranslation('portalAccess');
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {team.map((member) => (
        <Group key={member.userId} component="li" justify="space-between" wrap="nowrap" data-testid="team-member">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar name={member.name} color="initials" radius="xl" size={36} />
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500} truncate>
                {member.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {t(`roles:teamRole.${member.teamRole}`, { defaultValue: member.teamRole })}
                {member.title && member.title.toLowerCase() !== member.teamRole.toLowerCase() ? ` · ${member.title}` : ''}
              </Text>
              <Anchor href={`mailto:${member.email}`} size="xs" truncate>
                {member.email}
              </Anchor>
            </Stack>
          </Group>
          {onRemove && (
            <Tooltip label={t('team.removeNamed', { name: member.name })}>
              <ActionIcon variant="subtle" color="red" onClick={() => onRemove(member)} aria-label={t('team.removeNamed', { name: member.name })}>
                <IconUserMinus size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ))}
    </Stack>
  );
}
