import { Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ORANGE_REPORT_CATEGORIES, ORANGE_REPORT_REPORT_LIMITS, ORANGE_REPORT_URGENCIES, type FieldErrors, type OrangeReportCategory, type OrangeReportUrgency } from '@grove/shared';
import { fieldError } from '../../../../app/validation';
import { useReportLabels } from '../labels';
import type { WizardForm } from '../wizard-form';
import classes from '../ReportWizard.module.css';
import { DateField } from '../../../../components/forms/DateField';

interface StepProps {
  form: WizardForm;
  update: (patch: Partial<WizardForm>) => void;
  errors: FieldErrors;
}

/** What was found: a short title, the category, how urgent, and the findings in words. */
export function WhatStep({ form, update, errors }: StepProps) {
  const { t } = useTranslation('orangeReports');
  const labels = useReportLabels();
  return (
    <Stack gap="lg">
      <TextInput
        label={t('fields.title')}
        placeholder={t('wizard.titlePlaceholder')}
        required
        size="md"
        maxLength={ORANGE_REPORT_REPORT_LIMITS.title}
        value={form.title}
        onChange={(event) => update({ title: event.currentTarget.value })}
        error={fieldError(errors, 'title')}
      />
      <Radio.Group label={t('fields.urgency')} required value={form.urgency ?? ''} onChange={(value) => update({ urgency: value as OrangeReportUrgency })} error={fieldError(errors, 'urgency')}>
        <div className={classes.choiceGrid} style={{ marginTop: 6, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
          {ORANGE_REPORT_URGENCIES.map((urgency) => (
            <Radio.Card key={urgency} value={urgency} className={`${classes.choice} ${classes.urgencyChoice}`} data-checked={form.urgency === urgency || undefined}>
              <Radio.Indicator size="sm" />
              <span style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{labels.urgency(urgency)}</span>
            </Radio.Card>
          ))}
        </div>
      </Radio.Group>
      <Radio.Group label={t('fields.category')} required value={form.category ?? ''} onChange={(value) => update({ category: value as OrangeReportCategory })} error={fieldError(errors, 'category')}>
        <div className={classes.choiceGrid} style={{ marginTop: 6 }}>
          {ORANGE_REPORT_CATEGORIES.map((category) => (
            <Radio.Card key={category} value={category} className={classes.choice} data-checked={form.category === category || undefined}>
              <Radio.Indicator size="sm" />
              <span style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{labels.category(category)}</span>
            </Radio.Card>
          ))}
        </div>
      </Radio.Group>
      <Textarea
        label={t('fields.findings')}
        placeholder={t('wizard.findingsPlaceholder')}
        required
        autosize
        minRows={4}
        maxRows={14}
        size="md"
        maxLength={ORANGE_REPORT_REPORT_LIMITS.findings}
        value={form.findings}
        onChange={(event) => update({ findings: event.currentTarget.value })}
        error={fieldError(errors, 'findings')}
      />
      <DateField
        label={t('fields.foundOn')}
        size="md"
        max={new Date().toISOString().slice(0, 10)}
        value={form.foundOn}
        onChange={(day) => update({ foundOn: day })}
        error={fieldError(errors, 'foundOn')}
      />
    </Stack>
  );
}
