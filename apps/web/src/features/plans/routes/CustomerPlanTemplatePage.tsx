import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCopy, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useFormat } from '../../../app/format';
import { ContentCard } from '../../../components/ui/ContentCard';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useCopyTemplate, useTemplate, useZones } from '../api/templates-api';
import { ItemsTable } from '../components/ItemsTable';
import { LoadState } from '../components/LoadState';
import { SeasonBadge } from '../components/SeasonBadge';

/** /customers/{customerId}/planTemplates/{planTemplateId}/view: a template read-only, with its next steps. */
export default function CustomerPlanTemplatePage() {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const navigate = useNavigate();
  const { customerId = '', planTemplateId = '' } = useParams();
  const template = useTemplate(planTemplateId);
  const zones = useZones(customerId);
  const copy = useCopyTemplate();
  const base = `/customers/${customerId}/planTemplates`;
  const zoneNames = new Map((zones.data ?? []).map((zone) => [zone.id, zone.name]));

  const tailor = async (id: string) => {
    try {
      const created = await copy.mutateAsync({ id, customerId });
      toastSuccess(t('templates.copied', { name: created.name }));
      void navigate(`${base}/${created.id}/edit`);
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('errors.generic'));
    }
  };

  return (
    <LoadState query={template} what="template" backPath={base}>
      {(data) => (
        <Stack gap="lg">
          <ContentCard
            title={data.name}
            actions={
              <Group gap="xs">
                <Button component={Link} to={`/customers/${customerId}/plans/new?templateId=${data.id}`} leftSection={<IconCalendarPlus size={16} aria-hidden />}>
                  {t('templates.usePlan')}
                </Button>
                {data.customerId === null && (
                  <Button variant="light" loading={copy.isPending} onClick={() => void tailor(data.id)} leftSection={<IconCopy size={16} aria-hidden />}>
                    {t('templates.tailor')}
                  </Button>
                )}
                {data.canEdit && (
                  <Button component={Link} variant="default" to={data.customerId ? `${base}/${data.id}/edit` : `/planTemplates/${data.id}/edit`} leftSection={<IconPencil size={16} aria-hidden />}>
                    {t('actions.edit')}
                  </Button>
                )}
              </Group>
            }
          >
            <Stack gap="xs">
              <Group gap="xs">
                <SeasonBadge season={data.season} />
                <Text size="sm" c="dimmed">
                  {data.customerId ? t('templates.scope.customerBadge') : t('templates.scope.globalBadge')}
                  {data.regionName ? ` · ${data.regionName}` : ''} · {t('templates.updated', { date: format.date(data.updatedAt) })}
                </Text>
              </Group>
              {data.sourceTemplate && (
                <Text size="sm" c="dimmed">
                  {t('templates.copiedFrom', { name: data.sourceTemplate.name })}
                </Text>
              )}
              {data.description && <Text size="sm">{data.description}</Text>}
            </Stack>
          </ContentCard>
          <ContentCard title={t('items.title', { n: data.items.length })}>
            <ItemsTable items={data.items} zoneNames={zoneNames} />
          </ContentCard>
        </Stack>
      )}
    </LoadState>
  );
}
