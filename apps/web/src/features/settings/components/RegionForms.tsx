import { Autocomplete, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { branchCreateSchema, regionWriteSchema, type Branch, type Region } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { toastSuccess } from '../../../components/ui/toasts';
import { useRegionMutations } from '../api/settings-api';
import { FormButtons } from './FormButtons';
import { US_TIME_ZONES } from './time-zones';

/** Add (region `null`) or rename a region. */
export function RegionForm({ region, onDone }: { region: Region | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const { createRegion, updateRegion } = useRegionMutations();
  const form = useForm({ name: region?.name ?? '' });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit({
      schema: regionWriteSchema,
      send: (body) => (region ? updateRegion.mutateAsync({ id: region.id, body }) : createRegion.mutateAsync(body)),
    });
    if (!saved) return;
    toastSuccess(t('regions.saved', { name: saved.name }));
    onDone();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="region-form">
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextInput
          label={t('regions.name')}
          name="name"
          value={form.values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.error('name')}
          maxLength={100}
          required
          data-autofocus
        />
        <FormButtons submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}

interface BranchValues {
  name: string;
  regionId: string | null;
  timeZone: string;
}

/** Add (branch `null`, optionally in a region) or change a branch: name, region, IANA time zone. */
export function BranchForm({ branch, regionId, regions, onDone }: { branch: Branch | null; regionId: string | null; regions: Region[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const { createBranch, updateBranch } = useRegionMutations();
  const form = useForm<BranchValues>(
    branch ? { name: branch.name, regionId: branch.regionId, timeZone: branch.timeZone } : { name: '', regionId, timeZone: 'America/New_York' },
  );
  const { values } = form;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit({
      schema: branchCreateSchema,
      payload: { name: values.name, regionId: values.regionId ?? '', timeZone: values.timeZone },
      required: ['regionId'],
      send: (body) => (branch ? updateBranch.mutateAsync({ id: branch.id, body }) : createBranch.mutateAsync(body)),
    });
    if (!saved) return;
    toastSuccess(t('branches.saved', { name: saved.name }));
    onDone();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="branch-form">
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextInput
          label={t('branches.name')}
          name="name"
          value={values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.error('name')}
          maxLength={100}
          required
          data-autofocus
        />
        <Select
          label={t('branches.region')}
          name="regionId"
          data={regions.map((region) => ({ value: region.id, label: region.name }))}
          value={values.regionId}
          onChange={(value) => form.set('regionId', value)}
          error={form.error('regionId')}
          description={branch ? t('branches.moveHint') : undefined}
          allowDeselect={false}
          required
        />
        <Autocomplete
          label={t('branches.timeZone')}
          name="timeZone"
          description={t('branches.timeZoneHint')}
          data={[...US_TIME_ZONES]}
          value={values.timeZone}
          onChange={(value) => form.set('timeZone', value)}
          error={form.error('timeZone')}
          maxLength={64}
          required
        />
        <FormButtons submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
