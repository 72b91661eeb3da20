import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ServiceRequestStatus } from '@grove/shared';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from '../../../components/ui/test-providers';
import { request } from './request-fixtures';
import { StatusProgress, currentStepIndex } from './StatusProgress';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

const T = '2026-03-02T10:00:00.000Z';

function steps() {
  return within(screen.getByRole('list', { name: 'Request progress' }))
    .getAllByRole('listitem')
    .map((item) => `${item.getAttribute('data-step')}:${item.getAttribute('data-state')}`);
}

describe('status progress', () => {
  it.each<[ServiceRequestStatus, number]>([
    ['new', 0],
    ['acknowledged', 1],
    ['scheduled', 2],
    ['in_progress', 3],
    ['completed', 4],
    ['closed', 5],
  ])('puts a %s request at step %i of the six', (status, index) => {
    // Every step up to the status happened (each has its time).
    const times = { acknowledgedAt: T, scheduledAt: T, startedAt: T, completedAt: T, closedAt: T };
    const reached = Object.fromEntries(Object.entries(times).slice(0, index)) as Partial<typeof times>;
    renderWithProviders(<StatusProgress request={request({ status, ...reached })} />);
    const states = steps();
    expect(states).toHaveLength(6);
    states.forEach((state, i) => {
      const expected = i < index || (status === 'closed' && i === index) ? 'done' : i === index ? 'current' : 'pending';
      expect(state.endsWith(`:${expected}`), `${state} for ${status}`).toBe(true);
    });
    const current = screen.getByRole('list').querySelector('[aria-current="step"]');
    expect(current?.getAttribute('data-step') ?? null).toBe(status === 'closed' ? null : status);
    expect(screen.getByTestId('status-progress-current').textContent).toBe(
      { new: 'New', acknowledged: 'Acknowledged', scheduled: 'Scheduled', in_progress: 'In progress', completed: 'Completed', closed: 'Closed' }[status as 'new'],
    );
  });

  it('shows only the steps that happened: scheduled straight to completed skips "In progress"', () => {
    renderWithProviders(<StatusProgress request={request({ status: 'completed', acknowledgedAt: T, scheduledAt: T, completedAt: T })} />);
    expect(steps()).toEqual(['new:done', 'acknowledged:done', 'scheduled:done', 'completed:current', 'closed:pending']);
    expect(screen.getByText('Step 4 of 5 · next: Closed')).toBeTruthy();
    // Each step shown as done carries the date it happened.
    const list = screen.getByRole('list', { name: 'Request progress' });
    expect(list.querySelector('[data-step="in_progress"]')).toBeNull();
  });

  it('says which step and what comes next', () => {
    renderWithProviders(<StatusProgress request={request({ status: 'scheduled', acknowledgedAt: T, scheduledAt: T })} />);
    expect(screen.getByText('Step 3 of 6 · next: In progress')).toBeTruthy();
    // Screen readers hear each step's state.
    expect(screen.getByText('(current step)', { exact: false }).closest('li')?.getAttribute('data-step')).toBe('scheduled');
  });

  it('shows a cancelled request apart: stopped where it was, with the reason, no current step', () => {
    const cancelled = request({ status: 'cancelled', acknowledgedAt: T, cancelledAt: T, cancelReason: 'Handled by the HOA' });
    expect(currentStepIndex(cancelled)).toBe(1);
    renderWithProviders(<StatusProgress request={cancelled} />);
    expect(screen.getByTestId('status-progress').getAttribute('data-cancelled')).toBe('true');
    expect(screen.getByTestId('status-progress-current').textContent).toBe('Cancelled');
    expect(within(screen.getByTestId('cancelled-notice')).getByText('Reason: Handled by the HOA')).toBeTruthy();
    expect(screen.getByRole('list').querySelector('[aria-current]')).toBeNull();
    expect(screen.queryByText(/Step \d of 6/)).toBeNull();
  });
});
