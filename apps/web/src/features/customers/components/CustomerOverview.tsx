import { Anchor, Avatar, Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import type { CustomerDetailResponse } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { CustomerStatusBadge } from './CustomerStatusBadge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Name, address, status, manager and team of one customer. */
export function CustomerOverview({ customer, editPath }: { customer: CustomerDetailResponse; editPath?: string }) {
  const { t } = useTranslation('customers');
  const format = useFormat();
  const photoUrl = useAuthedFileUrl(customer.photoFileId, 'web');
  const dash = t('none');
  // Staff see internal fields (region, contract); customer users get the property view without them.
  const staff = customer.view === 'staff' ? customer : null;
  const contract =
    staff && (staff.contractStart || staff.contractEnd)
      ? `${format.date(staff.contractStart) || dash} – ${format.date(staff.contractEnd) || dash}`
      : dash;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="customer-overview">
      <Stack gap="md">
        {/* The name takes the full width on phones; the badges wrap below it instead of squeezing it. */}
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="md" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 16rem' }}>
            {customer.photoFileId && <Avatar src={photoUrl} radius="md" size={64} alt="" visibleFrom="xs" />}
            <Stack gap={4} miw={0}>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {customer.name}
              </Title>
              <Group gap={6} c="dimmed" wrap="nowrap">
                <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm">
                  {[customer.addressLine1, customer.addressLine2, `${customer.city}, ${customer.state} ${customer.postalCode}`]
                    .filter(Boolean)
                    .join(', ')}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Group gap="xs">
            <Badge variant="outline" color="gray" radius="sm">
              {t(`type.${customer.type}`)}
            </Badge>
            <CustomerStatusBadge status={customer.status} />
            {editPath && (
              <Button component={Link} to={editPath} size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />}>
                {t('overview.edit')}
              </Button>
            )}
          </Group>
        </Group>
        <Divider />
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          <Field label={t('fields.accountNumber')}>{customer.accountNumber}</Field>
          <Field label={t('fields.branch')}>{staff ? `${staff.branchName} · ${staff.regionName}` : customer.branchName}</Field>
          <Field label={t('fields.accountManager')}>{customer.accountManagerName ?? dash}</Field>
          {staff ? <Field label={t('fields.contract')}>{contract}</Field> : <Field label={t('fields.openRequests')}>{format.number(customer.openRequestCount)}</Field>}
          <Field label={t('fields.size')}>
            {customer.propertySizeAcres === null ? dash : t('acres', { value: format.number(customer.propertySizeAcres, { maximumFractionDigits: 1 }) })}
          </Field>
        </SimpleGrid>
        {customer.team.length > 0 && (
          <>
            <Divider label={t('fields.team')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="customer-team">
              {customer.team.map((member) => (
                <Group key={member.userId} gap="sm" wrap="nowrap">
                  <Avatar name={member.name} color="initials" radius="xl" size={36} />
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={500} truncate>
                      {member.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {member.title ?? member.teamRole}
                    </Text>
                    {/* Email and phone on lines of their own: a phone number is never cut (issue 17 §11). */}
                    <Anchor href={`mailto:${member.email}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </Anchor>
                    {member.phone && (
                      <Anchor href={`tel:${member.phone.replace(/[^+\d]/g, '')}`} size="xs" style={{ whiteSpace: 'nowrap' }}>
                        {member.phone}
                      </Anchor>
                    )}
                  </Stack>
                </Group>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}
