import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ServiceRequestAction } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, signInAs, testUser, TestProviders } from '../../../components/ui/test-providers';
import { installFakeFetch } from '../../../app/test-support/fake-fetch';
import { barActions } from './action-buttons';
import { CUSTOMER_ID, REQUEST_ID, installFontsMock, request } from './request-fixtures';
import { RequestActions } from './RequestActions';
import type { Audience } from './Timeline';

beforeAll(async () => {
  installBrowserMocks();
  installFontsMock();
  await setupTestI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderActions(allowed: ServiceRequestAction[], audience: Audience, status: Parameters<typeof request>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders>
      <QueryClientProvider client={client}>
        <RequestActions request={request({ allowedActions: allowed, ...status })} audience={audience} />
      </QueryClientProvider>
    </TestProviders>,
  );
}

const buttons = () =>
  screen.queryByTestId('request-actions') ? within(screen.getByTestId('request-actions')).getAllByRole('button').map((b) => b.textContent) : [];

describe('actions of a request', () => {
  // The API client sends nothing without a session.
  beforeEach(() => signInAs(testUser()));
  it('shows staff exactly the actions the API allows, the next step first', () => {
    renderActions(['acknowledge', 'schedule', 'start', 'complete', 'cancel', 'assign', 'priority', 'comment', 'internalNote', 'edit'], 'staff');
    expect(buttons()).toEqual(['Acknowledge', 'Schedule', 'Start work', 'Complete', 'Assign', 'Change priority', 'Cancel request']);
    expect(screen.getByRole('button', { name: 'Acknowledge' }).getAttribute('data-variant')).toBe('filled');
  });

  it('shows nothing for a closed request nobody may change, and no reopen once the window passed', () => {
    renderActions(['comment', 'internalNote'], 'staff', { status: 'closed' });
    expect(buttons()).toEqual([]);
  });

  it('words the buttons for the state: reassign, reschedule', () => {
    renderActions(['schedule', 'assign', 'complete'], 'staff', { status: 'scheduled', assignee: { id: 'x', name: 'Luis Ortega' } });
    expect(buttons()).toEqual(['Reschedule', 'Complete', 'Reassign']);
  });

  it('never shows staff-only steps to a customer user, even if listed', () => {
    renderActions(['acknowledge', 'assign', 'close', 'reopen', 'comment'], 'customer', { status: 'completed' });
    expect(buttons()).toEqual(['Confirm closed', 'Reopen']);
    expect(barActions(['start', 'complete', 'priority', 'cancel'], 'customer')).toEqual(['cancel']);
  });

  it('cancels only with a reason, after the confirm dialog', async () => {
    const calls = installFakeFetch(({ url }) =>
      url.pathname === `/api/ServiceRequests/${REQUEST_ID}/cancel` ? { body: request({ status: 'cancelled', allowedActions: ['comment'] }) } : undefined,
    );
    renderActions(['cancel', 'comment', 'edit'], 'customer');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/cancel'))).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Fixed it myself' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/cancel'))?.body).toEqual({ reason: 'Fixed it myself' }));
  });

  it('says so in the user’s language when the status changed meanwhile (409)', async () => {
    installFakeFetch(({ url }) =>
      url.pathname === `/api/ServiceRequests/${REQUEST_ID}/reopen` ? { status: 409, body: { message: 'Cannot reopen a request that is cancelled.' } } : undefined,
    );
    renderActions(['reopen'], 'customer', { status: 'completed', completedAt: '2026-03-02T10:00:00.000Z', reopenUntil: '2026-03-16T10:00:00.000Z' });
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the request' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Still leaking' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByText(/the request has changed in the meantime/)).toBeTruthy();
  });

  describe('nobody assigned yet (issue 17 §2)', () => {
    const me = testUser({ roles: ['Crew Leader'] });
    const team = { data: [{ userId: me.id, name: 'Ada Lovelace', teamRole: 'Crew Leader', email: me.email, phone: null, title: null, photoFileId: null }] };

    it('acknowledging offers "assign to me" and sends both in one step', async () => {
      signInAs(me);
      const calls = installFakeFetch(({ url }) => {
        if (url.pathname === `/api/Customers/${CUSTOMER_ID}/team`) return { body: team };
        if (url.pathname === `/api/ServiceRequests/${REQUEST_ID}/acknowledge`) return { body: request({ status: 'acknowledged' }) };
        return undefined;
      });
      renderActions(['acknowledge', 'assign', 'comment'], 'staff');
      fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
      const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the request' });
      const box = await within(dialog).findByRole('checkbox', { name: 'Assign to me' });
      expect((box as HTMLInputElement).checked).toBe(true);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
      await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/acknowledge'))?.body).toEqual({ assigneeId: me.id }));
    });

    it('acknowledges an assigned request at once, without a dialog', async () => {
      const calls = installFakeFetch(({ url }) =>
        url.pathname === `/api/ServiceRequests/${REQUEST_ID}/acknowledge` ? { body: request({ status: 'acknowledged' }) } : undefined,
      );
      renderActions(['acknowledge', 'assign'], 'staff', { assignee: { id: 'x', name: 'Luis Ortega' } });
      fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
      await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/acknowledge'))).toBe(true));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('warns before completing an unassigned request', async () => {
      signInAs(me);
      installFakeFetch(({ url }) => (url.pathname === `/api/Customers/${CUSTOMER_ID}/team` ? { body: team } : undefined));
      renderActions(['complete', 'assign'], 'staff', { status: 'scheduled' });
      fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Complete the request' });
      expect(within(dialog).getByTestId('complete-unassigned').textContent).toContain('Nobody is assigned to this request');
    });
  });
});
