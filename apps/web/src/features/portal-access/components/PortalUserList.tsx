import { Anchor, Badge, Box, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PortalUser } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { SortableTh } from '../../../components/ui/SortableTh';
import { PortalStatusBadge } from './PortalStatusBadge';
import { PortalUserActions } from './PortalUserActions';

interface PortalUserListProps {
  rows: PortalUser[];
  sort: string;
  onSort: (sort: string) => void;
  customerId: string;
  editPath: (userId: string) => string;
  selfId: string | undefined;
}

function RoleBadges({ roles }: { roles: PortalUser['roles'] }) {
  const { t } = useTranslation('roles');
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
          {t(`role.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** Portal users: a table on wide screens, one card per person on a phone. */
export function PortalUserList({ rows, sort, onSort, customerId, editPath, selfId }: PortalUserListProps) {
  const { t } = useTranslation('portalAccess');
  const format = useFormat();
  const name = (user: PortalUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;
  // Without a name (a join request not answered yet) the email is the name: not shown twice.
  const secondLine = (user: PortalUser) => [`${user.firstName} ${user.lastName}`.trim() ? user.email : '', user.unit ?? ''].filter(Boolean).join(' · ');
  const lastSeen = (user: PortalUser) => (user.lastLoginAt ? format.relative(user.lastLoginAt) : t('list.never'));
  return (
    <>
      <Box visibleFrom="md">
        <Table verticalSpacing="sm" data-testid="portal-user-table">
          <Table.Thead>
            <Table.Tr>
              <SortableTh field="name" sort={sort} onSort={onSort}>
                {t('list.name')}
              </SortableTh>
              <Table.Th>{t('list.roles')}</Table.Th>
              <Table.Th>{t('list.status')}</Table.Th>
              <SortableTh field="lastLoginAt" sort={sort} onSort={onSort}>
                {t('list.lastSignIn')}
              </SortableTh>
              <Table.Th w={48}>
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((user) => (
              <Table.Tr key={user.userId} data-testid="portal-user-row">
                <Table.Td>
                  <Anchor component={Link} to={editPath(user.userId)} fw={600}>
                    {name(user)}
                  </Anchor>
                  {secondLine(user) && (
                    <Text size="xs" c="dimmed">
                      {secondLine(user)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <RoleBadges roles={user.roles} />
                </Table.Td>
                <Table.Td>
                  <PortalStatusBadge status={user.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={user.lastLoginAt ? format.dateTime(user.lastLoginAt) : undefined}>
                    {lastSeen(user)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PortalUserActions user={user} customerId={customerId} editPath={editPath(user.userId)} isSelf={user.userId === selfId} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack gap="sm" hiddenFrom="md" data-testid="portal-user-cards">
        {rows.map((user) => (
          <Paper key={user.userId} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} miw={0}>
                <Anchor component={Link} to={editPath(user.userId)} fw={600} truncate>
                  {name(user)}
                </Anchor>
                {secondLine(user) && (
                  <Text size="xs" c="dimmed" truncate>
                    {secondLine(user)}
                  </Text>
                )}
                <Group gap={6}>
                  <PortalStatusBadge status={user.status} />
                  <RoleBadges roles={user.roles} />
                </Group>
                <Text size="xs" c="dimmed">
                  {t('list.lastSignInShort', { when: lastSeen(user) })}
                </Text>
              </Stack>
              <PortalUserActions user={user} customerId={customerId} editPath={editPath(user.userId)} isSelf={user.userId === selfId} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
