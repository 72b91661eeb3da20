import { useState } from 'react';
import { Alert, Badge, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanComparison, PlanDetail, PlanItem, PlanItemField, ZoneKind } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { ErrorState } from '../../../components/ui/ErrorState';
import { usePlanComparison } from '../api/plans-api';
import { useFrequencyText } from './labels';

interface VersionCompareProps {
  plan: PlanDetail;
  zoneNames: ReadonlyMap<string, string>;
}

const CHANGE_COLOR = { added: 'teal', removed: 'red', changed: 'orange' } as const;

/** The versions the comparison starts with: what the customer acknowledged (or the one before) → now. */
export function defaultPair(plan: Pick<PlanDetail, 'version' | 'acknowledgedVersion'>): [number, number] {
  const to = plan.version;
  const from = plan.acknowledgedVersion && plan.acknowledgedVersion < to ? plan.acknowledgedVersion : Math.max(1, to - 1);
  return [from, to];
}

/** Pick any two published versions and see, item by item, what was before and what came after. */
export function VersionCompare({ plan, zoneNames }: VersionCompareProps) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const [initialFrom, initialTo] = defaultPair(plan);
  const [from, setFrom] = useState<string | null>(String(initialFrom));
  const [to, setTo] = useState<string | null>(String(initialTo));
  const fromN = from ? Number(from) : null;
  const toN = to ? Number(to) : null;
  const comparison = usePlanComparison(plan.id, fromN, toN);
  const options = [...plan.versions].reverse().map((v) => ({
    value: String(v.version),
    label: `${t('plans.version', { n: v.version })} · ${format.date(v.publishedAt)}`,
  }));

  let body: React.ReactNode;
  if (fromN !== null && fromN === toN) body = <Text size="sm" c="dimmed">{t('compare.same')}</Text>;
  else if (comparison.error) body = <ErrorState message={comparison.error.message} onRetry={() => void comparison.refetch()} />;
  else if (comparison.isPending) body = <Skeleton height={120} radius="md" />;
  else body = <ComparisonView comparison={comparison.data} zoneNames={zoneNames} />;

  return (
    <Stack gap="md" data-testid="version-compare">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={560}>
        <Select label={t('compare.from')} data={options} value={from} onChange={setFrom} allowDeselect={false} />
        <Select label={t('compare.to')} data={options} value={to} onChange={setTo} allowDeselect={false} />
      </SimpleGrid>
      {body}
    </Stack>
  );
}

function ComparisonView({ comparison, zoneNames }: { comparison: PlanComparison; zoneNames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const frequencyText = useFrequencyText();
  const { from, to, changes } = comparison;
  const before = new Map(from.items.map((item) => [item.id, item]));
  const after = new Map(to.items.map((item) => [item.id, item]));
  const where = (item: PlanItem) => {
    const names = item.zoneIds.length ? item.zoneIds.map((id) => zoneNames.get(id) ?? t('items.unknownZone')) : item.zoneKinds.map((kind: ZoneKind) => t(`map:kind.${kind}`));
    return names.length ? names.join(', ') : t('items.wholeProperty');
  };
  const value = (item: PlanItem | undefined, field: PlanItemField): string => {
    if (!item) return '—';
    if (field === 'frequency') return frequencyText(item.frequency);
    if (field === 'zones') return where(item);
    return item[field] || '—';
  };
  const planRows: { label: string; before: string; after: string }[] = changes.plan.map((field) => ({
    label: t(`compare.plan.${field}`),
    before: field === 'dates' ? t('plans.quarter', { from: format.date(from.startDate), to: format.date(from.endDate) }) : field === 'name' ? from.name : from.notes || '—',
    after: field === 'dates' ? t('plans.quarter', { from: format.date(to.startDate), to: format.date(to.endDate) }) : field === 'name' ? to.name : to.notes || '—',
  }));

  if (changes.plan.length === 0 && changes.items.length === 0) {
    return (
      <Alert color="gray" variant="light">
        {t('compare.none', { from: from.version, to: to.version })}
      </Alert>
    );
  }

  return (
    <Stack gap="sm" data-testid="version-diff">
      <Text size="sm" c="dimmed">
        {t('compare.summary', { from: from.version, to: to.version, n: changes.items.length + changes.plan.length })}
      </Text>
      {planRows.map((row) => (
        <Paper key={row.label} withBorder radius="sm" p="sm">
          <Text size="sm" fw={600} mb={4}>
            {row.label}
          </Text>
          <BeforeAfter before={row.before} after={row.after} />
        </Paper>
      ))}
      {changes.items.map((change) => {
        const old = before.get(change.itemId);
        const now = after.get(change.itemId);
        const item = now ?? old;
        return (
          <Paper key={change.itemId} withBorder radius="sm" p="sm" data-testid="version-diff-item" data-change={change.change}>
            <Group gap={6} mb={change.change === 'changed' ? 6 : 0} wrap="wrap">
              <Badge size="sm" variant="light" color={CHANGE_COLOR[change.change]}>
                {t(`changes.${change.change}`)}
              </Badge>
              <Text size="sm" fw={600}>
                {change.service}
              </Text>
              {change.change !== 'changed' && item && (
                <Text size="sm" c="dimmed">
                  {frequencyText(item.frequency)} · {where(item)}
                </Text>
              )}
            </Group>
            {change.change === 'changed' && (
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing={4} horizontalSpacing="xs" withRowBorders={false}>
                  <Table.Tbody>
                    {change.fields.map((field) => (
                      <Table.Tr key={field}>
                        <Table.Td w={120}>
                          <Text size="xs" c="dimmed">
                            {t(`changes.fields.${field}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <BeforeAfter before={value(old, field)} after={value(now, field)} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

function BeforeAfter({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation('plans');
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text size="sm" td="line-through" c="red.8" aria-label={`${t('compare.before')}: ${before}`} style={{ overflowWrap: 'anywhere' }}>
        {before}
      </Text>
      <IconArrowRight size={14} aria-hidden />
      <Text size="sm" c="teal.9" aria-label={`${t('compare.after')}: ${after}`} style={{ overflowWrap: 'anywhere' }}>
        {after}
      </Text>
    </Group>
  );
}
