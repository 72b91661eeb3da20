import { ActionIcon, Button, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPencil, IconPlus, IconPolygon, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerZone } from '@grove/shared';
import { useZoneFormat } from '../../../components/map/useZoneFormat';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import mapClasses from '../../../components/map/PropertyMap.module.css';
import classes from './ZoneList.module.css';

interface ZoneListProps {
  zones: readonly CustomerZone[];
  selectedId: string | null;
  editable: boolean;
  onSelect: (zone: CustomerZone) => void;
  onAdd: () => void;
  onEdit: (zone: CustomerZone) => void;
  onDelete: (zone: CustomerZone) => void;
}

/** The saved zones with their areas (as the server computed them); select, edit or delete one. */
export function ZoneList({ zones, selectedId, editable, onSelect, onAdd, onEdit, onDelete }: ZoneListProps) {
  const { t } = useTranslation('customerMap');
  const zoneFormat = useZoneFormat();
  const total = zones.reduce((sum, zone) => ({ sqm: sum.sqm + zone.areaSqM, sqft: sum.sqft + zone.areaSqFt }), { sqm: 0, sqft: 0 });
  return (
    <ContentCard
      title={t('zones.title')}
      actions={
        editable ? (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd} data-testid="add-zone">
            {t('zones.add')}
          </Button>
        ) : undefined
      }
      data-testid="zone-list"
    >
      {zones.length === 0 ? (
        <EmptyState icon={<IconPolygon size={28} aria-hidden />} title={t('zones.emptyTitle')} description={editable ? t('zones.emptyEditor') : t('zones.emptyText')} />
      ) : (
        <Stack gap={4}>
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {zones.map((zone) => (
              <li key={zone.id} className={classes.row} data-selected={zone.id === selectedId} data-testid="zone-row">
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <UnstyledButton onClick={() => onSelect(zone)} className={classes.select} aria-pressed={zone.id === selectedId}>
                    <Group gap="xs" wrap="nowrap">
                      <span className={mapClasses.swatch} style={{ background: zone.color }} aria-hidden />
                      <Stack gap={0} miw={0}>
                        <Text size="sm" fw={500} truncate>
                          {zone.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {zoneFormat.kind(zone.kind)} · <span data-testid="zone-area">{zoneFormat.area(zone.areaSqM, zone.areaSqFt)}</span>
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                  {editable && (
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t('zones.edit', { name: zone.name })}>
                        <ActionIcon variant="subtle" color="gray" onClick={() => onEdit(zone)} aria-label={t('zones.edit', { name: zone.name })}>
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('zones.delete', { name: zone.name })}>
                        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(zone)} aria-label={t('zones.delete', { name: zone.name })}>
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
          <Text size="xs" c="dimmed" ta="end" mt={4}>
            {t('zones.total', { area: zoneFormat.area(total.sqm, total.sqft) })}
          </Text>
        </Stack>
      )}
    </ContentCard>
  );
}
