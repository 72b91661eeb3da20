import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from '../../../components/ui/test-providers';
import { entry, staffAuthor } from './request-fixtures';
import { Timeline, visibleEntries } from './Timeline';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

const entries = [
  entry({ kind: 'status_change', toStatus: 'new' }),
  entry({ kind: 'comment', text: 'The sprinkler is still spraying.' }),
  entry({ kind: 'internal_note', visibility: 'staff', author: staffAuthor, text: 'Gate code 4127, customer is difficult.' }),
  // A staff-only entry of another kind (defence in depth: visibility alone must hide it).
  entry({ kind: 'assignment', visibility: 'staff', author: staffAuthor, text: 'Internal: overtime approved', data: { assigneeId: staffAuthor.id, assigneeName: 'Luis Ortega' } }),
  entry({ kind: 'status_change', author: staffAuthor, fromStatus: 'new', toStatus: 'acknowledged', text: 'We will take a look.' }),
];

describe('request timeline', () => {
  it('never renders internal entries in the customer view, even when given them', () => {
    renderWithProviders(<Timeline entries={entries} audience="customer" />);
    expect(screen.getAllByTestId('timeline-entry')).toHaveLength(3);
    expect(screen.queryByText(/Gate code/)).toBeNull();
    expect(screen.queryByText(/overtime/)).toBeNull();
    expect(screen.queryByText('Internal')).toBeNull();
    expect(screen.getByText('The sprinkler is still spraying.')).toBeTruthy();
    expect(screen.getByText('We will take a look.')).toBeTruthy();
    expect(visibleEntries(entries, 'customer').every((e) => e.visibility === 'all' && e.kind !== 'internal_note')).toBe(true);
  });

  it('shows staff the internal note, marked "Internal" and set apart', () => {
    renderWithProviders(<Timeline entries={entries} audience="staff" />);
    expect(screen.getAllByTestId('timeline-entry')).toHaveLength(5);
    const note = screen.getByText('Gate code 4127, customer is difficult.').closest('li')!;
    expect(note.getAttribute('data-kind')).toBe('internal_note');
    expect(note.textContent).toContain('Internal');
    expect(screen.getByText('Jordan Ellis added an internal note')).toBeTruthy();
  });

  it('describes each change in words', () => {
    renderWithProviders(
      <Timeline
        audience="staff"
        entries={[
          entry({ kind: 'priority_change', author: staffAuthor, data: { fromPriority: 'Normal', toPriority: 'Emergency', fromPriorityCode: 'normal', toPriorityCode: 'emergency' } }),
          entry({ kind: 'status_change', author: null, fromStatus: 'completed', toStatus: 'closed', data: { automatic: true, afterDays: 7 } }),
          entry({ kind: 'status_change', author: staffAuthor, fromStatus: 'completed', toStatus: 'in_progress', text: 'Still leaking', data: { reason: 'Still leaking' } }),
        ]}
      />,
    );
    expect(screen.getByText('Jordan Ellis changed the priority from Normal to Emergency')).toBeTruthy();
    expect(screen.getByText('Closed automatically 7 days after completion')).toBeTruthy();
    expect(screen.getByText('Jordan Ellis reopened the request')).toBeTruthy();
    expect(screen.getByText('Reason:')).toBeTruthy();
  });
});
