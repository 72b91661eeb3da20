import { Alert, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCloud,
  IconCloudFog,
  IconCloudOff,
  IconCloudRain,
  IconCloudStorm,
  IconDroplet,
  IconMapPinOff,
  IconSnowflake,
  IconSun,
  IconSunHigh,
  IconSunLow,
  IconWind,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { weatherSky, type WeatherAlert, type WeatherSky } from '@grove/shared';
import { formatDate } from '../../app/format';
import { useWeather } from './weather-api';
import { weatherUnits } from './weather-units';

const SKY_ICONS: Record<WeatherSky, typeof IconSun> = {
  clear: IconSun,
  partly: IconSunLow,
  cloudy: IconCloud,
  fog: IconCloudFog,
  drizzle: IconCloudRain,
  rain: IconCloudRain,
  showers: IconCloudRain,
  snow: IconSnowflake,
  thunder: IconCloudStorm,
};

const ALERT_ICONS: Record<WeatherAlert['kind'], typeof IconSun> = {
  frost: IconSnowflake,
  heat: IconSunHigh,
  heavy_rain: IconDroplet,
  high_wind: IconWind,
  snow: IconSnowflake,
};

/**
 * Current conditions, 7 days and crew/customer alerts at one property. When the provider cannot be
 * reached it says "weather unavailable" and nothing else; the page around it keeps working.
 */
export function WeatherPanel({ customerId, compact = false }: { customerId: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('weather');
  const { data, isPending, isError } = useWeather(customerId);
  const units = weatherUnits(i18n.language);
  const dayName = (date: string) => formatDate(`${date}T12:00:00`, { weekday: 'short', day: 'numeric' });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="weather-panel" aria-labelledby={`weather-${customerId}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`weather-${customerId}`}>
          {t('title')}
        </Title>
        {isPending ? (
          <Skeleton height={compact ? 80 : 140} radius="sm" aria-label={t('loading')} />
        ) : isError || !data || data.status === 'unavailable' ? (
          <Group gap="xs" c="dimmed" data-testid="weather-unavailable">
            <IconCloudOff size={20} aria-hidden />
            <Text size="sm">{t('unavailable')}</Text>
          </Group>
        ) : data.status === 'no_location' || !data.current ? (
          <Group gap="xs" c="dimmed" data-testid="weather-no-location">
            <IconMapPinOff size={20} aria-hidden />
            <Text size="sm">{t('noLocation')}</Text>
          </Group>
        ) : (
          <>
            <Group gap="md" wrap="nowrap" data-testid="weather-current">
              {(() => {
                const Icon = SKY_ICONS[weatherSky(data.current.weatherCode)];
                return <Icon size={44} stroke={1.5} color="var(--mantine-color-orange-6)" aria-hidden />;
              })()}
              <Stack gap={0}>
                <Text fz={28} fw={700} lh={1.1}>
                  {units.temperature(data.current.temperatureC)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`sky.${weatherSky(data.current.weatherCode)}`)}
                  {data.current.apparentC !== null && ` · ${t('feelsLike', { value: units.temperature(data.current.apparentC) })}`}
                  {` · ${t('wind', { value: units.speed(data.current.windKmh) })}`}
                </Text>
              </Stack>
            </Group>
            {data.alerts.length > 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('alertsTitle')} data-testid="weather-alerts">
                <Stack gap={4}>
                  {data.alerts.map((alert) => {
                    const Icon = ALERT_ICONS[alert.kind];
                    const value = alert.kind === 'frost' || alert.kind === 'heat' ? units.temperature(alert.value) : alert.kind === 'high_wind' ? units.speed(alert.value) : alert.kind === 'snow' ? units.snow(alert.value) : units.rain(alert.value);
                    return (
                      <Group key={`${alert.kind}-${alert.date}`} gap={6} wrap="nowrap" align="flex-start">
                        <Icon size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                        <Text size="sm">
                          <b>{dayName(alert.date)}</b> {t(`alert.${alert.kind}`, { value })}
                          {alert.serviceMayShift && ` ${t('serviceMayShift')}`}
                        </Text>
                      </Group>
                    );
                  })}
                </Stack>
              </Alert>
            )}
            {!compact && (
              <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
                <Table verticalSpacing={4} horizontalSpacing="xs" miw={420} data-testid="weather-days">
                  <VisuallyHidden component="caption">{t('forecastCaption')}</VisuallyHidden>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('day')}</Table.Th>
                      <Table.Th>{t('sky.label')}</Table.Th>
                      <Table.Th ta="right">{t('high')}</Table.Th>
                      <Table.Th ta="right">{t('low')}</Table.Th>
                      <Table.Th ta="right">{t('precipitation')}</Table.Th>
                      <Table.Th ta="right">{t('gusts')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.days.map((day) => {
                      const sky = weatherSky(day.weatherCode);
                      const Icon = SKY_ICONS[sky];
                      return (
                        <Table.Tr key={day.date}>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {dayName(day.date)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Tooltip label={t(`sky.${sky}`)}>
                              <Group gap={4} wrap="nowrap">
                                <Icon size={18} aria-hidden />
                                <Text size="sm" visibleFrom="sm">
                                  {t(`sky.${sky}`)}
                                </Text>
                              </Group>
                            </Tooltip>
                          </Table.Td>
                          <Table.Td ta="right">{units.temperature(day.maxC)}</Table.Td>
                          <Table.Td ta="right">{units.temperature(day.minC)}</Table.Td>
                          <Table.Td ta="right">
                            {units.rain(day.precipitationMm)}
                            {day.precipitationProbability !== null && (
                              <Text span size="xs" c="dimmed">
                                {' '}
                                ({day.precipitationProbability}%)
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{units.speed(day.gustMaxKmh)}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
            <Text size="xs" c="dimmed">
              {t('source')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
