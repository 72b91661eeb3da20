import { Anchor, Badge, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardTile } from '@grove/shared';
import { formatMoney, formatNumber, formatPercent, formatRelative } from '../../app/format';
import { TILE_ICONS } from './tile-icons';

// The charting library comes only with an answer that has a chart (decision 046).
const ChartTile = lazy(() => import('./ChartTile'));
/** A chart tile's height while its code loads: padding, title row, the 240 px chart, the table's summary line. */
const CHART_TILE_HEIGHT = 343;

const TONE_COLORS = { neutral: 'gray', good: 'teal', warning: 'orange', danger: 'red' } as const;

function figure(tile: DashboardTile): string {
  if (tile.value === null) return '–';
  if (tile.format === 'percent') return formatPercent(tile.value);
  if (tile.format === 'money') return formatMoney(tile.value);
  return formatNumber(tile.value);
}

/** A card that is a link to the list behind it when it has one (the whole card is the target). */
function TileFrame({ tile, children }: { tile: DashboardTile; children: React.ReactNode }) {
  const style = { height: '100%' };
  const paper = (
    <Paper withBorder radius="md" p="md" style={style} data-testid={`tile-${tile.id}`} data-status={tile.status}>
      {children}
    </Paper>
  );
  if (!tile.link || tile.kind !== 'figure') return paper;
  return (
    <UnstyledButton component={Link} to={tile.link} style={{ display: 'block', height: '100%', borderRadius: 'var(--mantine-radius-md)' }}>
      {paper}
    </UnstyledButton>
  );
}

function TileHeader({ tile }: { tile: DashboardTile }) {
  const Icon = TILE_ICONS[tile.icon];
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={TONE_COLORS[tile.tone] === 'gray' ? 'orange' : TONE_COLORS[tile.tone]} radius="md" size={32}>
        <Icon size={18} aria-hidden />
      </ThemeIcon>
      <Text size="sm" fw={600} style={{ flex: 1 }} lh={1.3}>
        {tile.title}
      </Text>
    </Group>
  );
}

function FigureTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation('dashboard');
  return (
    <TileFrame tile={tile}>
      <Stack gap={6} justify="space-between" h="100%">
        <TileHeader tile={tile} />
        {tile.status === 'error' ? (
          <Group gap={6} c="red.8">
            <IconAlertTriangle size={16} aria-hidden />
            <Text size="sm">{t('tileError')}</Text>
          </Group>
        ) : tile.value === null ? (
          <Text size="sm" c="dimmed">
            {tile.empty ?? t('noData')}
          </Text>
        ) : (
          <Group justify="space-between" align="flex-end" wrap="nowrap">
            <Stack gap={0}>
              <Text fz={30} fw={700} lh={1.1} c={tile.tone === 'danger' && tile.value > 0 ? 'red.8' : undefined} data-testid="tile-value">
                {figure(tile)}
              </Text>
              {tile.detail && (
                <Text size="xs" c="dimmed">
                  {tile.detail}
                </Text>
              )}
            </Stack>
            {tile.link && <IconChevronRight size={18} aria-hidden color="var(--mantine-color-dimmed)" />}
          </Group>
        )}
      </Stack>
    </TileFrame>
  );
}

function ListTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation('dashboard');
  return (
    <TileFrame tile={tile}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <TileHeader tile={tile} />
          {tile.value !== null && tile.value > 0 && (
            <Badge variant="light" color="orange" radius="sm">
              {formatNumber(tile.value)}
            </Badge>
          )}
        </Group>
        {tile.detail && tile.status !== 'error' && (
          <Text size="xs" c={tile.tone === 'warning' || tile.tone === 'danger' ? 'red.8' : 'dimmed'} fw={500}>
            {tile.detail}
          </Text>
        )}
        {tile.status === 'error' ? (
          <Text size="sm" c="red.8">
            {t('tileError')}
          </Text>
        ) : tile.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {tile.empty ?? t('noData')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {tile.items.map((item) => (
              <li key={item.id}>
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    {item.link ? (
                      <Anchor component={Link} to={item.link} size="sm" fw={500} lineClamp={1}>
                        {item.title}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={500} lineClamp={1}>
                        {item.title}
                      </Text>
                    )}
                    {item.badge && (
                      <Badge size="sm" variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
                        {item.badge}
                      </Badge>
                    )}
                  </Group>
                  {(item.subtitle || item.at) && (
                    <Text size="xs" c="dimmed">
                      {[item.subtitle, item.at ? formatRelative(item.at) : null].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                  {item.progress !== null && <Progress value={item.progress * 100} size="sm" color="teal" aria-label={item.badge ?? item.title} />}
                </Stack>
              </li>
            ))}
          </Stack>
        )}
        {tile.link && (
          <Anchor component={Link} to={tile.link} size="sm">
            {t('viewAll')}
          </Anchor>
        )}
      </Stack>
    </TileFrame>
  );
}

/**
 * The tiles of a dashboard answer, whatever domains contributed them: figures in a grid (each a
 * link to the list behind it), then lists, then charts with a table alternative.
 */
export function DashboardTiles({ tiles }: { tiles: DashboardTile[] }) {
  const figures = tiles.filter((tile) => tile.kind === 'figure');
  const lists = tiles.filter((tile) => tile.kind === 'list');
  const charts = tiles.filter((tile) => tile.kind === 'chart');
  return (
    <Stack gap="md">
      {figures.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" data-testid="figure-tiles">
          {figures.map((tile) => (
            <FigureTile key={tile.id} tile={tile} />
          ))}
        </SimpleGrid>
      )}
      {lists.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {lists.map((tile) => (
            <ListTile key={tile.id} tile={tile} />
          ))}
        </SimpleGrid>
      )}
      {charts.map((tile) => (
        <Suspense key={tile.id} fallback={<Skeleton height={CHART_TILE_HEIGHT} radius="md" data-testid="chart-tile-loading" />}>
          <ChartTile tile={tile} />
        </Suspense>
      ))}
    </Stack>
  );
}

export function DashboardTilesSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={110} radius="md" />
      ))}
    </SimpleGrid>
  );
}
