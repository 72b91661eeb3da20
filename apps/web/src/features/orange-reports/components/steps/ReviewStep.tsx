import { Alert, Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrangeReportDetail } from '@grove/shared';
import { ReportPhoto } from '../ReportPhoto';
import { URGENCY_COLORS, useReportLabels } from '../labels';
import type { WizardForm, WizardStepKey } from '../wizard-form';
import classes from '../ReportWizard.module.css';

interface ReviewStepProps {
  form: WizardForm;
  report: OrangeReportDetail | null;
  customerName: string;
  /** Steps still missing what a report needs before review. */
  missing: WizardStepKey[];
  /** Steps the server found errors in. */
  errorSteps: Set<WizardStepKey>;
  stepLabels: Record<WizardStepKey, string>;
  onEdit: (step: WizardStepKey) => void;
}

/** Everything at a glance before sending, each part with a way back to its step. */
export function ReviewStep({ form, report, customerName, missing, errorSteps, stepLabels, onEdit }: ReviewStepProps) {
  const { t } = useTranslation('orangeReports');
  const labels = useReportLabels();
  const problems = [...new Set<WizardStepKey>([...missing, ...errorSteps])];

  const section = (step: WizardStepKey, body: React.ReactNode) => (
    <Stack gap={4} component="section" aria-label={stepLabels[step]}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {stepLabels[step]}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(step)} aria-label={t('wizard.editStep', { step: stepLabels[step] })}>
          {t('wizard.edit')}
        </Anchor>
      </Group>
      {body}
    </Stack>
  );

  const where = [report?.zone && form.zoneId === report.zone.id ? report.zone.name : null, form.position ? t('wizard.locationAdded') : null, form.locationText || null].filter(Boolean);

  return (
    <Stack gap="lg" data-testid="orange-review">
      {problems.length > 0 && (
        <Alert color="orange" variant="light" title={t('wizard.missingTitle')} data-testid="orange-missing">
          <Stack gap={4}>
            {problems.map((step) => (
              <Anchor key={step} component="button" type="button" size="sm" ta="left" c="inherit" underline="always" onClick={() => onEdit(step)}>
                {t(`wizard.missing.${step}`)}
              </Anchor>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('fields.customer')}
        </Text>
        <Text fw={600}>{customerName}</Text>
      </Stack>
      {section('where', <Text size="sm">{where.length ? where.join(' · ') : '—'}</Text>)}
      {section(
        'what',
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {form.title || '—'}
          </Text>
          <Group gap={6}>
            {form.category && (
              <Badge variant="light" color="gray">
                {labels.category(form.category)}
              </Badge>
            )}
            {form.urgency && (
              <Badge variant="light" color={URGENCY_COLORS[form.urgency]}>
                {labels.urgency(form.urgency)}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {t('fields.foundOn')}: {form.foundOn ? labels.date(form.foundOn) : '—'}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {form.findings || '—'}
          </Text>
        </Stack>,
      )}
      {section(
        'photos',
        form.photos.length ? (
          <ul className={classes.photoGrid} style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
            {form.photos.map((photo, index) => (
              <li key={photo.fileId}>
                <div className={classes.photoThumb}>
                  <ReportPhoto fileId={photo.fileId} alt={photo.caption || t('wizard.photoNumber', { number: index + 1 })} />
                </div>
                {photo.caption && (
                  <Text size="xs" lineClamp={2}>
                    {photo.caption}
                  </Text>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <Text size="sm">—</Text>
        ),
      )}
      {section(
        'recommendations',
        report && report.recommendations.length ? (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {report.recommendations.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      {labels.service(line.names)} × {labels.number(line.quantity)} {labels.unit(line.unit)}
                    </Table.Td>
                    <Table.Td ta="right">{labels.money(line.lineTotalCents)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th>{t('wizard.estimatedTotal')}</Table.Th>
                  <Table.Th ta="right" data-testid="orange-review-total">
                    {labels.money(report.totalCents)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm">{t('wizard.noRecommendations')}</Text>
        ),
      )}
    </Stack>
  );
}
