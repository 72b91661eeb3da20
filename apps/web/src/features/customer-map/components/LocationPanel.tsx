import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '@grove/shared';
import { errorOf } from '../../../components/forms/useForm';
import { ContentCard } from '../../../components/ui/ContentCard';

export interface LocationInputs {
  latitude: string | number;
  longitude: string | number;
}

interface LocationPanelProps {
  value: LocationInputs;
  onChange: (value: LocationInputs) => void;
  errors: FieldErrors;
  editable: boolean;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
  onUseCentre: () => void;
  onRemove: () => void;
}

/** The property pin as numbers: type coordinates, or drag the pin and see them here. */
export function LocationPanel({ value, onChange, errors, editable, dirty, saving, onSave, onReset, onUseCentre, onRemove }: LocationPanelProps) {
  const { t } = useTranslation('customerMap');
  const hasPin = value.latitude !== '' && value.longitude !== '';
  return (
    <ContentCard title={t('location.title')} titleOrder={2} data-testid="location-panel">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {editable ? t('location.hint') : t('location.readOnly')}
          </Text>
          <Group grow gap="sm" align="flex-start">
            <NumberInput
              label={t('location.latitude')}
              value={value.latitude}
              onChange={(latitude) => onChange({ ...value, latitude })}
              min={-90}
              max={90}
              decimalScale={7}
              hideControls
              disabled={!editable || saving}
              error={errorOf(errors, 'latitude')}
              data-testid="pin-latitude"
            />
            <NumberInput
              label={t('location.longitude')}
              value={value.longitude}
              onChange={(longitude) => onChange({ ...value, longitude })}
              min={-180}
              max={180}
              decimalScale={7}
              hideControls
              disabled={!editable || saving}
              error={errorOf(errors, 'longitude')}
              data-testid="pin-longitude"
            />
          </Group>
          {editable && (
            <Group gap="xs" justify="space-between">
              <Group gap="xs">
                <Button variant="light" size="xs" leftSection={<IconCurrentLocation size={14} aria-hidden />} onClick={onUseCentre} disabled={saving}>
                  {t('location.useCentre')}
                </Button>
                {hasPin && (
                  <Button variant="subtle" color="red" size="xs" leftSection={<IconMapPinOff size={14} aria-hidden />} onClick={onRemove} disabled={saving}>
                    {t('location.remove')}
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                {dirty && (
                  <Button variant="default" size="xs" onClick={onReset} disabled={saving}>
                    {t('location.reset')}
                  </Button>
                )}
                <Button type="submit" size="xs" loading={saving} disabled={!dirty}>
                  {t('location.save')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </ContentCard>
  );
}
