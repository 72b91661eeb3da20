import { useState } from 'react';
import { Badge, Button, Group, Loader, Radio, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingCommunity, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerSummary } from '@grove/shared';
import { useCustomerChoices, useDeviceReports, useReportList, type DeviceReport } from '../../api/reports-api';
import { STATUS_COLORS, useReportLabels } from '../labels';
import classes from '../ReportWizard.module.css';

interface CustomerStepProps {
  value: { id: string; name: string } | null;
  /** Once the draft exists its customer cannot change. */
  locked: boolean;
  onChange: (customer: { id: string; name: string }) => void;
  onResume?: (id: string) => void;
  error?: string;
}

/** Step 1 of the crew wizard: the customer (the team's customers first, then a search) or a draft to continue. */
export function CustomerStep({ value, locked, onChange, onResume, error }: CustomerStepProps) {
  const { t } = useTranslation(['orangeReports', 'offline']);
  const labels = useReportLabels();
  // Reports on this device: drafts made offline, filed ones waiting to be sent (decision 019).
  const onDevice = useDeviceReports();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const mine = useCustomerChoices('', true, !locked);
  const found = useCustomerChoices(debounced, false, !locked && debounced.length > 0);
  const open = useReportList({ mine: 'true', status: 'draft,returned', pageSize: 10, sort: '-createdAt' }, !locked && !!onResume);

  if (locked && value) {
    return (
      <Stack gap="xs">
        <Text fw={600}>{value.name}</Text>
        <Text size="sm" c="dimmed">
          {t('wizard.customerLocked')}
        </Text>
      </Stack>
    );
  }

  const mineIds = new Set((mine.data ?? []).map((c) => c.id));
  const others = (found.data ?? []).filter((c) => !mineIds.has(c.id));
  const needle = debounced.toLocaleLowerCase();
  const mineShown = (mine.data ?? []).filter((c) => !needle || `${c.name} ${c.addressLine1} ${c.city}`.toLocaleLowerCase().includes(needle));

  const option = (customer: CustomerSummary) => (
    <Radio.Card key={customer.id} value={customer.id} className={classes.choice} data-checked={value?.id === customer.id || undefined} data-testid="orange-customer-option">
      <Radio.Indicator size="sm" />
      <span style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate>
          {customer.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {[customer.addressLine1, customer.city].filter(Boolean).join(', ')}
        </Text>
      </span>
    </Radio.Card>
  );

  const pick = (id: string) => {
    const customer = [...(mine.data ?? []), ...(found.data ?? [])].find((c) => c.id === id);
    if (customer) onChange({ id: customer.id, name: customer.name });
  };

  return (
    <Stack gap="md">
      {onResume && (open.data?.data.length ?? 0) > 0 && (
        <Stack gap={6} data-testid="orange-resume">
          <Text fw={600} size="sm">
            {t('wizard.continueTitle')}
          </Text>
          {open.data!.data.map((report) => (
            <UnstyledButton key={report.id} onClick={() => onResume(report.id)} className={classes.choice} style={{ border: '1px solid var(--mantine-color-default-border)' }}>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Badge size="sm" variant="light" color={STATUS_COLORS[report.status]} style={{ flexShrink: 0 }}>
                    {labels.status(report.status)}
                  </Badge>
                  <Text size="sm" fw={600} truncate>
                    {report.title || t('wizard.untitled')}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {report.number} · {report.customerName}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </Stack>
      )}

      {onDevice.length > 0 && (
        <Stack gap={6} data-testid="orange-device-reports">
          <Text fw={600} size="sm">
            {t('offline:reports.deviceTitle')}
          </Text>
          {onDevice.map((report) => {
            const body = <DeviceReportRow report={report} />;
            return report.state === 'draft' && onResume ? (
              <UnstyledButton key={report.id} onClick={() => onResume(report.id)} className={classes.choice} style={{ border: '1px solid var(--mantine-color-default-border)' }}>
                {body}
              </UnstyledButton>
            ) : (
              <div key={report.id} className={classes.choice} style={{ border: '1px solid var(--mantine-color-default-border)' }} data-testid="orange-pending-report">
                {body}
              </div>
            );
          })}
        </Stack>
      )}

      <TextInput
        label={t('wizard.searchCustomers')}
        placeholder={t('wizard.searchCustomersPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
        size="md"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />

      <Radio.Group value={value?.id ?? null} onChange={pick} error={error} label={t('wizard.customer')} required>
        <Stack gap="md" mt={6}>
          <Stack gap={6}>
            <Group gap={6}>
              <IconBuildingCommunity size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {t('wizard.yourCustomers')}
              </Text>
            </Group>
            {mine.isPending ? (
              <Loader size="sm" />
            ) : mineShown.length ? (
              <div className={classes.choiceGrid}>{mineShown.map(option)}</div>
            ) : (
              <Text size="sm" c="dimmed">
                {needle ? t('wizard.noTeamMatch') : t('wizard.noTeamCustomers')}
              </Text>
            )}
          </Stack>
          {needle && others.length > 0 && (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('wizard.otherCustomers')}
              </Text>
              <div className={classes.choiceGrid}>{others.map(option)}</div>
            </Stack>
          )}
          {needle && !found.isFetching && others.length === 0 && mineShown.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('wizard.noCustomerMatch')}
            </Text>
          )}
        </Stack>
      </Radio.Group>
      {mine.isError && (
        <Button variant="light" size="xs" onClick={() => void mine.refetch()}>
          {t('wizard.retry')}
        </Button>
      )}
    </Stack>
  );
}

const DEVICE_COLORS: Record<DeviceReport['state'], string> = { draft: 'gray', pending: 'orange', refused: 'red' };

function DeviceReportRow({ report }: { report: DeviceReport }) {
  const { t } = useTranslation(['orangeReports', 'offline']);
  const label = report.state === 'draft' ? t('offline:reports.onDevice') : report.state === 'pending' ? t('offline:reports.pending') : t('offline:reports.refused');
  return (
    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="light" color={DEVICE_COLORS[report.state]} data-state={report.state}>
          {label}
        </Badge>
        <Text size="sm" fw={600} truncate>
          {report.title || t('wizard.untitled')}
        </Text>
      </Group>
      {(report.customerName || report.reason) && (
        <Text size="xs" c={report.reason ? 'red.8' : 'dimmed'} truncate>
          {report.reason ?? report.customerName}
        </Text>
      )}
    </Stack>
  );
}
