import type { CSSProperties, ReactNode } from 'react';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './StepWizard.module.css';

export type StepState = 'done' | 'current' | 'pending';

export interface WizardStep {
  label: ReactNode;
  description?: ReactNode;
}

export interface StepWizardProps {
  steps: WizardStep[];
  /** Index (0-based) of the current step; `steps.length` means every step is done. */
  current: number;
  /** Lets the user go back to a finished step; steps ahead of the current one stay closed. */
  onStepClick?: (index: number) => void;
  /** Accessible name of the list, "Progress" by default. */
  label?: string;
}

export function stepState(index: number, current: number): StepState {
  if (index < current) return 'done';
  return index === current ? 'current' : 'pending';
}

/** Numbered steps (from 1), each done, current or pending; the current one has aria-current="step". */
export function StepWizard({ steps, current, onStepClick, label }: StepWizardProps) {
  const { t } = useTranslation('layout');
  return (
    <nav aria-label={label ?? t('wizard.label')}>
      <ol className={classes.list}>
        {steps.map((step, index) => {
          const state = stepState(index, current);
          const number = index + 1;
          const content = (
            <>
              <span className={classes.number} aria-hidden>
                {state === 'done' ? <IconCheck size={16} stroke={3} /> : number}
              </span>
              <span className={classes.text}>
                <span className={classes.label}>
                  <span style={HIDDEN}>{t('wizard.stepNumber', { number })}: </span>
                  {step.label}
                </span>
                {step.description && <span className={classes.description}>{step.description}</span>}
                <span style={HIDDEN}>{` (${t(`wizard.state.${state}`)})`}</span>
              </span>
            </>
          );
          const clickable = onStepClick && state === 'done';
          return (
            <li
              key={index}
              className={classes.step}
              data-state={state}
              data-step={number}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {clickable ? (
                <button type="button" className={classes.button} onClick={() => onStepClick(index)}>
                  {content}
                </button>
              ) : (
                <div className={classes.button}>{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
