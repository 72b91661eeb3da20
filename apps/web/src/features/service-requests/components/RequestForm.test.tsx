import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  SERVICE_REQUEST_LIMITS,
  serviceRequestDetailSchema,
  serviceRequestPrioritySchema,
  serviceRequestTypeSchema,
} from '@grove/shared';
import i18n from 'i18next';
import { loadAllNamespaces } from '../../../app/i18n';
import { installBrowserMocks, setupTestI18n, signInAs, testUser, TestProviders } from '../../../components/ui/test-providers';
import { installFakeFetch, type FakeHandler } from '../../../app/test-support/fake-fetch';
import { sample } from '../../../app/test-support/sample';
import { CUSTOMER_ID, REQUEST_ID, installFontsMock } from './request-fixtures';
import { RequestForm } from './RequestForm';
import type { Audience } from './Timeline';

const TYPE_ID = '77777777-7777-4777-8777-777777777777';
const NORMAL_ID = '88888888-8888-4888-8888-888888888888';
const HIGH_ID = '99999999-9999-4999-8999-999999999999';

const types = { data: [sample(serviceRequestTypeSchema, { id: TYPE_ID, code: 'irrigation', name: 'Irrigation' })] };
const priorities = {
  data: [
    sample(serviceRequestPrioritySchema, { id: NORMAL_ID, code: 'normal', name: 'Normal', rank: 2 }),
    sample(serviceRequestPrioritySchema, { id: HIGH_ID, code: 'high', name: 'High', rank: 3 }),
  ],
};

/** The reference lists every form needs, then `create` for the POST. */
function fakeApi(create: FakeHandler = () => ({ body: sample(serviceRequestDetailSchema, { id: REQUEST_ID, number: 'SR-2026-0042' }) })) {
  return installFakeFetch(async (request) => {
    const { method, url } = request;
    if (url.pathname === '/api/ServiceRequestTypes') return { body: types };
    if (url.pathname === '/api/ServiceRequestPriorities') return { body: priorities };
    if (url.pathname === `/api/Customers/${CUSTOMER_ID}/zones`) return { body: { data: [] } };
    if (url.pathname === `/api/Customers/${CUSTOMER_ID}/team`) return { body: { data: [] } };
    if (url.pathname === '/api/ServiceRequests' && method === 'POST') return create(request);
    return undefined;
  });
}

function renderForm(audience: Audience = 'customer') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/new', element: <RequestForm customerId={CUSTOMER_ID} audience={audience} detailPath={(id) => `/requests/${id}`} cancelPath="/requests" /> },
      { path: '/requests/:id', element: <p>request detail</p> },
      { path: '/requests', element: <p>request list</p> },
    ],
    { initialEntries: ['/new'] },
  );
  render(
    <TestProviders>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TestProviders>,
  );
  return { router, form: screen.getByTestId('request-form') };
}

const field = (form: HTMLElement, label: RegExp) => within(form).getByRole<HTMLInputElement>('textbox', { name: label });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Send request|Submit request|Send/ }));
const posts = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/ServiceRequests');

async function chooseType(form: HTMLElement) {
  fireEvent.click(await within(form).findByRole('radio', { name: /Irrigation/ }));
}

beforeAll(async () => {
  installBrowserMocks();
  installFontsMock();
  await setupTestI18n();
});

beforeEach(() => signInAs(testUser({ roles: ['Resident'], customerIds: [CUSTOMER_ID] })));

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('RequestForm (filing a request)', () => {
  it('shows the required-field errors on the type and the title, and sends nothing', async () => {
    const calls = fakeApi();
    const { form } = renderForm();
    await within(form).findByRole('radio', { name: /Irrigation/ });
    submit();
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(2);
    expect(field(form, /title/i).getAttribute('aria-invalid')).toBe('true');
    const typeGroup = within(form).getByRole('radio', { name: /Irrigation/ }).closest<HTMLElement>('.mantine-InputWrapper-root')!;
    expect(within(typeGroup).getByText('This field is required.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it('words the required-field errors in the user’s language', async () => {
    await loadAllNamespaces('de');
    await i18n.changeLanguage('de');
    fakeApi();
    const { form } = renderForm();
    await within(form).findByRole('radio', { name: /Irrigation|Bewässerung/ });
    fireEvent.submit(form);
    expect(await within(form).findAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2);
    expect(within(form).queryByText('This field is required.')).toBeNull();
  });

  it('limits the text fields to the shared schema’s lengths', async () => {
    fakeApi();
    const { form } = renderForm();
    await within(form).findByRole('radio', { name: /Irrigation/ });
    const [title, description, location] = [field(form, /title/i), within(form).getAllByRole('textbox').find((box) => box.tagName === 'TEXTAREA')!, field(form, /where/i)];
    expect(title.maxLength).toBe(SERVICE_REQUEST_LIMITS.title);
    expect((description as HTMLTextAreaElement).maxLength).toBe(SERVICE_REQUEST_LIMITS.description);
    expect(location.maxLength).toBe(SERVICE_REQUEST_LIMITS.locationText);
  });

  it('sends the filled form as the contract’s body, once, and opens the new request', async () => {
    const calls = fakeApi();
    const { form, router } = renderForm();
    await chooseType(form);
    fireEvent.change(field(form, /title/i), { target: { value: '  Broken sprinkler head ' } });
    fireEvent.change(within(form).getAllByRole('textbox').find((box) => box.tagName === 'TEXTAREA')!, { target: { value: 'Water everywhere' } });
    fireEvent.change(field(form, /where/i), { target: { value: 'By the pool' } });
    fireEvent.click(within(form).getByRole('radio', { name: /phone/i }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/requests/${REQUEST_ID}`));
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
      customerId: CUSTOMER_ID,
      typeId: TYPE_ID,
      title: 'Broken sprinkler head',
      description: 'Water everywhere',
      locationText: 'By the pool',
      preferredContact: 'phone',
      photoIds: [],
      fileIds: [],
    });
  });

  it('shows the server’s field errors under their fields, and the button loads while sending', async () => {
    let release: () => void = () => undefined;
    fakeApi(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 400, body: { message: 'Please correct the marked fields.', errors: { title: ['This title is taken.'], locationText: ['Too far away.'] } } };
    });
    const { form } = renderForm();
    await chooseType(form);
    fireEvent.change(field(form, /title/i), { target: { value: 'Broken sprinkler head' } });
    submit();
    const button = screen.getByRole('button', { name: /Send/ });
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    release();
    const titleError = await within(form).findByText('This title is taken.');
    expect(field(form, /title/i).getAttribute('aria-describedby')).toContain(titleError.id);
    const whereError = within(form).getByText('Too far away.');
    expect(field(form, /where/i).getAttribute('aria-describedby')).toContain(whereError.id);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
  });

  it('lets staff file with a priority (Normal unless changed)', async () => {
    signInAs(testUser({ roles: ['System Admin'] }));
    const calls = fakeApi();
    const { form, router } = renderForm('staff');
    expect(await within(form).findByDisplayValue('Normal')).toBeTruthy();
    fireEvent.click(within(form).getByLabelText(/^Type/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Irrigation' }));
    fireEvent.change(field(form, /title/i), { target: { value: 'Dead shrubs' } });
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/requests/${REQUEST_ID}`));
    expect(posts(calls)[0]!.body).toMatchObject({ typeId: TYPE_ID, title: 'Dead shrubs' });
    expect(posts(calls)[0]!.body).not.toHaveProperty('priorityId');
  });
});
