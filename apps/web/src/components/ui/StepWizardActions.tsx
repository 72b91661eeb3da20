import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StepWizardActionsProps {
  isFirst: boolean;
  isLast: boolean;
  onBack: () => void;
  /** On the last step this is the finish action; make it a submit to send the form. */
  onNext?: () => void;
  nextDisabled?: boolean;
  /** While the last step is being saved: the button spins and cannot be pressed twice. */
  submitting?: boolean;
  finishLabel?: string;
}

/** Back / Next / Finish under a wizard's current step. */
export function StepWizardActions({
  isFirst,
  isLast,
  onBack,
  onNext,
  nextDisabled,
  submitting = false,
  finishLabel,
}: StepWizardActionsProps) {
  const { t } = useTranslation('layout');
  return (
    <Group justify="space-between" mt="lg">
      <Button variant="default" onClick={onBack} disabled={isFirst || submitting}>
        {t('wizard.back')}
      </Button>
      <Button
        type={isLast && !onNext ? 'submit' : 'button'}
        onClick={onNext}
        disabled={nextDisabled}
        loading={submitting}
      >
        {isLast ? (finishLabel ?? t('wizard.finish')) : t('wizard.next')}
      </Button>
    </Group>
  );
}
