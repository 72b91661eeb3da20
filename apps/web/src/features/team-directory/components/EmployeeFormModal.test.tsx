import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PROFILE_NAME_MAX_LENGTH, PROFILE_PHONE_MAX_LENGTH, PROFILE_TITLE_MAX_LENGTH, employeeSchema, type Employee } from '@grove/shared';
import { ConfirmProvider } from '../../../components/ui/ConfirmDialog';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { installBrowserMocks, setupTestI18n, signInAs, testUser, TestProviders } from '../../../components/ui/test-providers';
import { installFakeFetch, type FakeHandler, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { sample } from '../../../app/test-support/sample';
import { EmployeeFormModal } from './EmployeeFormModal';

const EMPLOYEE_ID = '00000000-0000-4000-8000-0000000000e1';
const NORTH = '00000000-0000-4000-8000-0000000000a1';
const SOUTH = '00000000-0000-4000-8000-0000000000a2';
const MARIETTA = '00000000-0000-4000-8000-0000000000b1';
const regions = { data: [{ id: NORTH, name: 'North' }, { id: SOUTH, name: 'South' }] };
const branches = { data: [{ id: MARIETTA, name: 'Marietta', regionId: NORTH, regionName: 'North', timeZone: 'America/New_York' }] };

const existing: Employee = sample(employeeSchema, {
  id: EMPLOYEE_ID,
  email: 'mia@example.test',
  firstName: 'Mia',
  lastName: 'Moss',
  roles: ['Executive'],
  regionId: null,
  branchId: null,
});

function fakeApi(write: FakeHandler = ({ body }) => ({ body: { ...existing, ...(body as object) } })): FakeRequest[] {
  return installFakeFetch(async (request) => {
    if (request.url.pathname === '/api/Regions') return { body: regions };
    if (request.url.pathname === '/api/Branches') return { body: branches };
    if (request.url.pathname.startsWith('/api/Employees') && request.method !== 'GET') return write(request);
    return undefined;
  });
}

function renderModal(employee: Employee | null) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders>
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <RouterProvider router={createMemoryRouter([{ path: '/', element: <EmployeeFormModal employee={employee} opened onClose={onClose} /> }])} />
        </ConfirmProvider>
      </QueryClientProvider>
    </TestProviders>,
  );
  return { onClose, form: screen.getByTestId('employee-form') };
}

const input = (form: HTMLElement, label: RegExp) => within(form).getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const roleBox = (role: string) => within(screen.getByTestId('staff-role-picker')).getByRole('checkbox', { name: role });
const writes = (calls: FakeRequest[]) => calls.filter((call) => call.url.pathname.startsWith('/api/Employees'));

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => signInAs(testUser({ roles: ['System Admin'] })));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EmployeeFormModal (System Admin: a staff member)', () => {
  it('marks the required fields, roles included, and sends nothing', async () => {
    const calls = fakeApi();
    const { form } = renderModal(null);
    fireEvent.click(within(form).getByRole('button', { name: /create|invite/i }));
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(4);
    for (const label of [/email/i, /first name/i, /last name/i]) expect(input(form, label).getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByTestId('staff-role-picker')).getByText('This field is required.')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('limits the text fields to the shared schema’s lengths', () => {
    fakeApi();
    const { form } = renderModal(null);
    expect(input(form, /first name/i).maxLength).toBe(PROFILE_NAME_MAX_LENGTH);
    expect(input(form, /last name/i).maxLength).toBe(PROFILE_NAME_MAX_LENGTH);
    expect(input(form, /title/i).maxLength).toBe(PROFILE_TITLE_MAX_LENGTH);
    expect(input(form, /phone/i).maxLength).toBe(PROFILE_PHONE_MAX_LENGTH);
  });

  it('creates with the contract’s body: trimmed optional fields as null, the branch’s region, roles in order', async () => {
    const calls = fakeApi();
    const { form, onClose } = renderModal(null);
    fireEvent.change(input(form, /email/i), { target: { value: 'ana@example.test' } });
    fireEvent.change(input(form, /first name/i), { target: { value: 'Ana' } });
    fireEvent.change(input(form, /last name/i), { target: { value: 'Ruiz' } });
    fireEvent.change(input(form, /phone/i), { target: { value: '   ' } });
    fireEvent.click(within(form).getAllByLabelText(/^Branch/, { selector: 'input' })[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Marietta', hidden: true }));
    fireEvent.click(roleBox('System Admin'));
    fireEvent.click(roleBox('Executive'));
    fireEvent.click(within(form).getByRole('button', { name: /create|invite/i }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((call) => call.method)).toEqual(['POST']);
    expect(writes(calls)[0]!.body).toEqual({
      email: 'ana@example.test',
      firstName: 'Ana',
      lastName: 'Ruiz',
      title: null,
      phone: null,
      roles: ['Executive', 'System Admin'],
      regionId: NORTH,
      branchId: MARIETTA,
      photoFileId: null,
    });
  });

  it('edits without the email, loads while saving, and shows the server’s field errors on their fields', async () => {
    let release: () => void = () => undefined;
    const calls = fakeApi(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 400, body: { message: 'Please correct the marked fields.', errors: { lastName: ['Not a name.'], roles: ['Keep one System Admin.'] } } };
    });
    const { form, onClose } = renderModal(existing);
    expect(input(form, /email/i).readOnly).toBe(true);
    fireEvent.change(input(form, /last name/i), { target: { value: 'Moss-Hart' } });
    const save = within(form).getByRole('button', { name: /save/i });
    fireEvent.click(save);
    await waitFor(() => expect(save.getAttribute('data-loading')).toBe('true'));
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: /cancel/i }).disabled).toBe(true);
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { lastName: 'Moss-Hart', roles: ['Executive'] } });
    expect(writes(calls)[0]!.body).not.toHaveProperty('email');
    release();
    const error = await within(form).findByText('Not a name.');
    expect(input(form, /last name/i).getAttribute('aria-describedby')).toContain(error.id);
    expect(within(screen.getByTestId('staff-role-picker')).getByText('Keep one System Admin.')).toBeTruthy();
    expect(save.getAttribute('data-loading')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
