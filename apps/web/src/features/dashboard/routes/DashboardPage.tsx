import { useEffect } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { DashboardTiles, DashboardTilesSkeleton } from '../../../components/dashboard/DashboardTiles';
import { useDashboard } from '../../../components/dashboard/dashboard-api';
import { ErrorState } from '../../../components/ui/ErrorState';
import { WeatherPanel } from '../../../components/weather/WeatherPanel';
import { useWeatherCustomers } from '../api/dashboard-api';

/**
 * /dashboard: the figures of the caller's scope (an executive the company, a branch manager the
 * branch, an account manager their customers…). Every tile comes from a domain module and links to
 * the filtered list behind it; weather for a chosen property.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const { data, error, isPending, refetch } = useDashboard();
  return (
    <Stack gap="lg">
      {user && (
        <Text size="lg" fw={500}>
          {t('welcome', { name: user.firstName || user.username })}
        </Text>
      )}
      {isPending ? (
        <DashboardTilesSkeleton />
      ) : error ? (
        <ErrorState message={error.message} onRetry={() => void refetch()} />
      ) : (
        <DashboardTiles tiles={data.tiles} />
      )}
      <StaffWeather />
    </Stack>
  );
}

function StaffWeather() {
  const { t } = useTranslation('dashboard');
  const customers = useWeatherCustomers();
  const [chosen, setChosen] = useLocalStorage<string | null>({ key: 'grove.dashboard.weatherCustomer', defaultValue: null });
  const options = (customers.data ?? []).map((customer) => ({ value: customer.id, label: `${customer.name} · ${customer.city}` }));
  const current = options.find((option) => option.value === chosen)?.value ?? options[0]?.value ?? null;
  useEffect(() => {
    if (chosen && customers.data && !customers.data.some((customer) => customer.id === chosen)) setChosen(null);
  }, [chosen, customers.data, setChosen]);
  if (!customers.isPending && options.length === 0) return null;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Select
          label={t('weatherFor')}
          data={options}
          value={current}
          onChange={(value) => setChosen(value)}
          searchable
          allowDeselect={false}
          w={{ base: '100%', sm: 360 }}
          data-testid="weather-customer"
        />
      </Group>
      {current && <WeatherPanel customerId={current} />}
    </Stack>
  );
}
