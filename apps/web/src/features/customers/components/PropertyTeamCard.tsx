import { Anchor, Avatar, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerTeamMember } from '@grove/shared';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { useCustomer } from '../api/customers-api';

function Member({ member }: { member: CustomerTeamMember }) {
  const { t: tRoles } = useTranslation('roles');
  const photo = useAuthedFileUrl(member.photoFileId);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li">
      {/* Mantine draws the initials from the name while there is no photo. */}
      <Avatar src={photo} alt="" name={member.name} radius="xl" size={48} color="teal" />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" lineClamp={1}>
          {member.name}
        </Text>
        {/* Wraps rather than cutting the title short (issue 17 §11). */}
        <Text size="xs" c="dimmed">
          {tRoles(`role.${member.teamRole}`, { defaultValue: member.teamRole })}
          {member.title ? ` · ${member.title}` : ''}
        </Text>
        {member.phone && (
          <Anchor href={`tel:${member.phone.replace(/[^+\d]/g, '')}`} size="xs">
            <Group gap={4} wrap="nowrap" component="span">
              <IconPhone size={14} aria-hidden />
              {member.phone}
            </Group>
          </Anchor>
        )}
        <Anchor href={`mailto:${member.email}`} size="xs" style={{ wordBreak: 'break-all' }}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconMail size={14} aria-hidden />
            {member.email}
          </Group>
        </Anchor>
      </Stack>
    </Group>
  );
}

/** The property's Grove team, with photos and how to reach them (customer dashboard, issue 14). */
export function PropertyTeamCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const { data, isPending } = useCustomer(customerId);
  if (isPending) return <Skeleton height={120} radius="md" />;
  const team = data?.team ?? [];
  if (team.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="property-team-title" data-testid="property-team">
      <Group gap="xs" mb="sm">
        <IconUsersGroup size={20} aria-hidden />
        <Title order={3} size="h5" id="property-team-title">
          {t('dashboard.team')}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {team.map((member) => (
          <Member key={`${member.userId}-${member.teamRole}`} member={member} />
        ))}
      </SimpleGrid>
    </Paper>
  );
}
