import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { StepWizard, stepState } from './StepWizard';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from './test-providers';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

const steps = [{ label: 'Property' }, { label: 'Issues' }, { label: 'Photos' }, { label: 'Review' }];

describe('StepWizard', () => {
  it('numbers steps from 1 and marks done, current and pending', () => {
    renderWithProviders(<StepWizard steps={steps} current={2} />);
    const items = within(screen.getByRole('navigation', { name: 'Progress' })).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.step)).toEqual(['1', '2', '3', '4']);
    expect(items.map((item) => item.dataset.state)).toEqual(['done', 'done', 'current', 'pending']);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(items[2]!.textContent).toContain('Step 3');
    expect(items[2]!.textContent).toContain('current step');
    expect(items[0]!.textContent).toContain('completed');
    expect(items[3]!.textContent).toContain('4');
  });

  it('the first step is current at the start; all are done past the last', () => {
    expect([0, 1, 2].map((i) => stepState(i, 0))).toEqual(['current', 'pending', 'pending']);
    expect([0, 1, 2].map((i) => stepState(i, 3))).toEqual(['done', 'done', 'done']);
  });

  it('lets the user go back to a finished step but not jump ahead', () => {
    const onStepClick = vi.fn();
    renderWithProviders(<StepWizard steps={steps} current={1} onStepClick={onStepClick} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    expect(onStepClick).toHaveBeenCalledWith(0);
  });
});
