import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanItem, ZoneKind } from '@grove/shared';
import { useFrequencyText } from './labels';

interface ItemsTableProps {
  items: readonly PlanItem[];
  /** Names of the customer's zones by id (customer templates and plans). */
  zoneNames?: ReadonlyMap<string, string>;
  /** A plan's items: a link to the item's zones on the plan map. */
  onShowOnMap?: (item: PlanItem) => void;
}

/** The items read-only: service and description, how often, where, notes. */
export function ItemsTable({ items, zoneNames, onShowOnMap }: ItemsTableProps) {
  const { t } = useTranslation('plans');
  const frequencyText = useFrequencyText();
  const where = (item: PlanItem) => [
    ...item.zoneIds.map((id) => zoneNames?.get(id) ?? t('items.unknownZone')),
    ...(item.zoneIds.length === 0 ? item.zoneKinds.map((kind: ZoneKind) => t(`map:kind.${kind}`)) : []),
  ];
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('items.service')}</Table.Th>
            <Table.Th>{t('items.frequency')}</Table.Th>
            <Table.Th>{t('items.where')}</Table.Th>
            <Table.Th>{t('items.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {item.service}
                  </Text>
                  {item.description && (
                    <Text size="xs" c="dimmed">
                      {item.description}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{frequencyText(item.frequency)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {where(item).length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('items.wholeProperty')}
                    </Text>
                  ) : (
                    where(item).map((name) => (
                      <Badge key={name} variant="light" color="teal" size="sm">
                        {name}
                      </Badge>
                    ))
                  )}
                </Group>
                {onShowOnMap && (item.zoneIds.length > 0 || item.zoneKinds.length > 0) && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    mt={4}
                    leftSection={<IconMap size={14} aria-hidden />}
                    onClick={() => onShowOnMap(item)}
                    aria-label={`${t('map.showOnMap')}: ${item.service}`}
                  >
                    {t('map.showOnMap')}
                  </Button>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={item.notes ? undefined : 'dimmed'}>
                  {item.notes || '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
