import { useState } from 'react';
import { Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation, IconMapPinCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORANGE_REPORT_REPORT_LIMITS, type FieldErrors } from '@grove/shared';
import { fieldError } from '../../../../app/validation';
import { useZones } from '../../api/reports-api';
import type { WizardForm } from '../wizard-form';
import classes from '../ReportWizard.module.css';

interface StepProps {
  form: WizardForm;
  update: (patch: Partial<WizardForm>) => void;
  errors: FieldErrors;
}

const NO_ZONE = 'none';

/** Where on the property: a zone of the customer's map, the device's position, and/or words. */
export function WhereStep({ customerId, form, update, errors }: StepProps & { customerId: string }) {
  const { t } = useTranslation('orangeReports');
  const zones = useZones(customerId || undefined);
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setLocateFailed(true);
      return;
    }
    setLocating(true);
    setLocateFailed(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        update({ position: { latitude: position.coords.latitude, longitude: position.coords.longitude } });
      },
      () => {
        setLocating(false);
        setLocateFailed(true);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('wizard.whereHint')}
      </Text>
      <Stack gap={6} data-testid="orange-position">
        {form.position ? (
          <Group gap="xs">
            <Text size="sm" c="teal.8" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <IconMapPinCheck size={18} aria-hidden />
              {t('wizard.locationAdded')}
            </Text>
            <Button variant="subtle" color="gray" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={() => update({ position: null })}>
              {t('wizard.removeLocation')}
            </Button>
          </Group>
        ) : (
          <Button variant="light" size="md" leftSection={<IconCurrentLocation size={18} aria-hidden />} loading={locating} onClick={locateMe} fullWidth>
            {t('wizard.useMyLocation')}
          </Button>
        )}
        {locateFailed && (
          <Text size="sm" c="red.8" role="alert">
            {t('wizard.locationUnavailable')}
          </Text>
        )}
      </Stack>

      {zones.isPending ? (
        <Loader size="sm" />
      ) : (zones.data?.length ?? 0) > 0 ? (
        <Radio.Group label={t('wizard.zone')} value={form.zoneId ?? NO_ZONE} onChange={(value) => update({ zoneId: value === NO_ZONE ? null : value })} error={fieldError(errors, 'zoneId')}>
          <div className={classes.choiceGrid} style={{ marginTop: 6 }}>
            <Radio.Card value={NO_ZONE} className={classes.choice} data-checked={form.zoneId === null || undefined}>
              <Radio.Indicator size="sm" />
              <Text size="sm">{t('wizard.noZone')}</Text>
            </Radio.Card>
            {zones.data!.map((zone) => (
              <Radio.Card key={zone.id} value={zone.id} className={classes.choice} data-checked={form.zoneId === zone.id || undefined}>
                <Radio.Indicator size="sm" />
                <span className={classes.swatch} style={{ background: zone.color }} aria-hidden />
                <Text size="sm" truncate>
                  {zone.name}
                </Text>
              </Radio.Card>
            ))}
          </div>
        </Radio.Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('wizard.noZones')}
        </Text>
      )}

      <TextInput
        label={t('fields.locationText')}
        placeholder={t('wizard.locationTextPlaceholder')}
        size="md"
        maxLength={ORANGE_REPORT_REPORT_LIMITS.locationText}
        value={form.locationText}
        onChange={(event) => update({ locationText: event.currentTarget.value })}
        error={fieldError(errors, 'locationText') ?? fieldError(errors, 'location')}
      />
    </Stack>
  );
}
