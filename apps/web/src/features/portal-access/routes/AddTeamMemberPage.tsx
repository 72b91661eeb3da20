import { useState } from 'react';
import { Button, Grid, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CUSTOMER_TEAM_ROLES, customerTeamAddSchema, type CustomerTeamRole } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { toastSuccess } from '../../../components/ui/toasts';
import { usePortalCustomer, useStaffSearch, useTeamMutations } from '../api/portal-api';
import { TeamCard } from '../components/TeamCard';
import { usePortalBase } from '../components/usePortalBase';

interface MemberValues {
  userId: string | null;
  teamRole: CustomerTeamRole;
}

/** /customers/{id}/manage-portal-access/addYnMember: put a staff member on the customer's team. */
export default function AddTeamMemberPage() {
  const { t } = useTranslation('portalAccess');
  const navigate = useNavigate();
  const paths = usePortalBase();
  const customer = usePortalCustomer(paths.customerId);
  const staffView = customer.data?.view === 'staff' ? customer.data : undefined;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const staff = useStaffSearch(debounced);
  const { add } = useTeamMutations(paths.customerId);
  const form = useForm<MemberValues>({ userId: null, teamRole: 'Account Manager' });
  const { allowLeave } = useUnsavedChanges(form.values.userId !== null);

  const options = (staff.data?.data ?? []).map((person) => ({
    value: person.id,
    label: `${person.firstName} ${person.lastName}${person.title ? ` — ${person.title}` : ''}${person.branchName ? ` (${person.branchName})` : ''}`,
  }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const team = await form.submit({ schema: customerTeamAddSchema, required: ['userId'], send: (body) => add.mutateAsync(body) });
    if (!team) return;
    const member = team.find((candidate) => candidate.userId === form.values.userId);
    toastSuccess(t('team.added', { name: member?.name ?? '' }));
    allowLeave();
    await navigate(paths.list);
  };

  const canManage = staffView?.permissions.manageTeam ?? false;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <ContentCard title={t('team.addTitle')} data-testid="add-member-form">
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('team.addHint')}
              </Text>
              {customer.data && !canManage && <Text c="red">{t('team.notAllowed')}</Text>}
              <FormErrorAlert message={form.formError} />
              <Select
                label={t('team.person')}
                placeholder={t('team.searchStaff')}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options: all }) => all}
                data={options}
                value={form.values.userId}
                onChange={(value) => form.set('userId', value)}
                nothingFoundMessage={staff.isFetching ? t('team.searching') : t('team.nobody')}
                error={form.error('userId')}
                required
                disabled={!canManage}
                data-testid="team-person"
              />
              <Select
                label={t('team.role')}
                data={CUSTOMER_TEAM_ROLES.map((role) => ({ value: role, label: t(`roles:teamRole.${role}`) }))}
                value={form.values.teamRole}
                onChange={(value) => value && form.set('teamRole', value)}
                allowDeselect={false}
                error={form.error('teamRole')}
                disabled={!canManage}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => void navigate(paths.list)} disabled={form.submitting}>
                  {t('forms:cancel')}
                </Button>
                <Button type="submit" loading={form.submitting} disabled={!canManage}>
                  {t('team.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </ContentCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        {staffView && <TeamCard customerId={staffView.id} canManage={canManage} />}
      </Grid.Col>
    </Grid>
  );
}
