import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrangeReportDetail } from '@grove/shared';
import { installFakeFetch, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { ConfirmProvider } from '../../../components/ui/ConfirmDialog';
import { installBrowserMocks, renderRoutes, setupTestI18n, signInAs, testUser } from '../../../components/ui/test-providers';
import { ReportWizard, type ReportWizardProps } from './ReportWizard';

const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';
const REPORT_ID = '00000000-0000-4000-8000-0000000000a1';

function detail(over: Partial<OrangeReportDetail> = {}): OrangeReportDetail {
  return {
    id: REPORT_ID,
    number: 'OR-2026-0042',
    customerId: CUSTOMER_ID,
    customerName: 'Whitlock Ridge HOA',
    status: 'draft',
    title: '',
    category: null,
    urgency: null,
    foundOn: '2026-11-24',
    author: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Ada Lovelace' },
    photoCount: 0,
    photos: [],
    totalCents: 0,
    totalIncomplete: false,
    proposalRequested: false,
    submittedAt: null,
    approvedAt: null,
    createdAt: '2026-11-24T06:00:00.000Z',
    updatedAt: '2026-11-24T06:00:00.000Z',
    canReview: false,
    findings: '',
    locationText: '',
    zone: null,
    latitude: null,
    longitude: null,
    allPhotos: [],
    recommendations: [],
    acknowledgedAt: null,
    acknowledgedBy: null,
    declinedAt: null,
    declineReason: null,
    resolvedAt: null,
    timeline: [],
    allowedActions: ['edit', 'submit', 'delete', 'comment'],
    serviceRequest: null,
    reviewer: null,
    returnComment: null,
    ...over,
  } as OrangeReportDetail;
}

let calls: FakeRequest[];

beforeAll(async () => {
  installBrowserMocks();
  // Mantine's autosize textarea listens to font loading, which jsdom lacks.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  }
  await setupTestI18n();
});

beforeEach(() => {
  signInAs(testUser({ roles: ['Account Manager'] }));
  let saved = detail();
  calls = installFakeFetch(({ method, url, body }) => {
    if (url.pathname === `/api/Customers/${CUSTOMER_ID}/zones`) return { body: { data: [] } };
    if (method === 'POST' && url.pathname === '/api/OrangeReports') return { status: 201, body: saved };
    if (method === 'PUT' && url.pathname === `/api/OrangeReports/${REPORT_ID}`) {
      saved = detail({ ...(body as Partial<OrangeReportDetail>), photos: [], allPhotos: [], recommendations: [] });
      return { body: saved };
    }
    if (method === 'GET' && url.pathname === `/api/OrangeReports/${REPORT_ID}`) return { body: saved };
    if (method === 'DELETE' && url.pathname === `/api/OrangeReports/${REPORT_ID}`) return { status: 204 };
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWizard(props: Partial<ReportWizardProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const viewPath = (report: { id: string }) => `/reports/${report.id}`;
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <QueryClientProvider client={client}>
            <ConfirmProvider>
              <ReportWizard customerId={CUSTOMER_ID} viewPath={viewPath} {...props} />
            </ConfirmProvider>
          </QueryClientProvider>
        ),
      },
    ],
    '/new',
  );
}

const stepHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('the orange-report wizard', () => {
  it('with the customer fixed, starts at "where"; the first Next creates one draft (with an idempotency key) and says it is saved', async () => {
    const onDraftCreated = vi.fn();
    renderWizard({ onDraftCreated });
    expect(stepHeading()).toBe('Where');
    expect(screen.queryByTestId('orange-wizard-save-state')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onDraftCreated).toHaveBeenCalledWith(REPORT_ID));
    const creates = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/OrangeReports');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({ customerId: CUSTOMER_ID });
    expect(creates[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(stepHeading()).toBe('What'));
    expect(screen.getByTestId('orange-wizard-save-state').textContent).toContain('OR-2026-0042');
  });

  it('saves what is typed to the server a moment later', async () => {
    renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepHeading()).toBe('What'));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Broken head by the pool' } });
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'Broken head by the pool' }), { timeout: 3000 });
  });

  it('"Discard draft" asks first, deletes the draft, then starts afresh; cancelling keeps it', async () => {
    const onDiscard = vi.fn();
    renderWizard({ onDiscard });
    expect(screen.queryByTestId('orange-wizard-discard')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const discard = await screen.findByTestId('orange-wizard-discard');
    fireEvent.click(discard);
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('OR-2026-0042');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByTestId('orange-wizard-discard'));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(onDiscard).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([`/api/OrangeReports/${REPORT_ID}`]);
  });

  it('a report that can no longer be edited shows why, with a link to it, instead of the steps', async () => {
    installFakeFetch(({ url }) => (url.pathname === `/api/OrangeReports/${REPORT_ID}` ? { body: detail({ status: 'approved', allowedActions: ['comment'] }) } : undefined));
    renderWizard({ reportId: REPORT_ID });
    const locked = await screen.findByTestId('orange-wizard-locked');
    expect(within(locked).getByRole('link').getAttribute('href')).toBe(`/reports/${REPORT_ID}`);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
