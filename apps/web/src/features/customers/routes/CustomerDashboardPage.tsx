import { EmptyState, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@grove/shared';
import { useSession } from '../../../app/session';
import { useCustomerList } from '../api/customers-api';
import { CustomerCards } from '../components/CustomerCards';
import { ErrorState } from '../../../components/ui/ErrorState';

/** /customerView/dashboard: the properties a customer-side user is linked to. */
export default function CustomerDashboardPage() {
  const { t } = useTranslation('customers');
  const { user } = useSession();
  const { data, error, isPending, refetch } = useCustomerList({ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: 'name' });

  return (
    <Stack gap="md">
      {user && (
        <Text size="lg" fw={500}>
          {t('dashboard.welcome', { name: user.firstName || user.username })}
        </Text>
      )}
      <Text c="dimmed">{t('dashboard.intro')}</Text>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={92} radius="md" />
          <Skeleton height={92} radius="md" />
        </SimpleGrid>
      ) : error ? (
        <ErrorState message={error instanceof Error ? error.message : undefined} onRetry={() => void refetch()} />
      ) : data.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            variant="light"
            color="teal"
            icon={<IconBuildingCommunity size={28} aria-hidden />}
            title={t('dashboard.emptyTitle')}
            description={t('dashboard.emptyText')}
            data-testid="properties-empty"
          />
        </Paper>
      ) : (
        <CustomerCards rows={data.data} basePath="/customerView" />
      )}
    </Stack>
  );
}
