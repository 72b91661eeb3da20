import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../app/api-client';
import { customerUpdateSchema, type CustomerDetail, type CustomerSettings } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { ContentCard } from '../../../components/ui/ContentCard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { toastInfo, toastSuccess } from '../../../components/ui/toasts';
import { updateCustomer, useCustomer, useCustomerSaved, useCustomerSettings } from '../api/customers-api';
import { CustomerFields } from '../components/CustomerFields';
import { CustomerNotFound } from '../components/CustomerNotFound';
import { changedFields, customerToForm, EMPTY_CUSTOMER } from '../components/customer-form-values';
import { PortalSettingsCard, settingsToForm, type PortalSettingsValues } from '../components/PortalSettingsCard';

const EMPTY_SETTINGS: PortalSettingsValues = {
  selfRegistrationEnabled: false,
  boardMembersManagePortal: false,
  notificationRoles: { service_request_update: [], service_request_property_update: [], portal_registration_pending: [] },
};

/**
 * /customers/{customerId}/settings: the customer's fields (editors all of them, its Account
 * Manager only the contact details) and its portal settings.
 */
export default function CustomerSettingsPage() {
  const { customerId } = useParams();
  const customer = useCustomer(customerId);
  const staff = customer.data?.view === 'staff' ? customer.data : undefined;
  const settingsAllowed = !!staff && (staff.permissions.edit !== 'none' || staff.permissions.managePortal);
  const settings = useCustomerSettings(customerId, settingsAllowed);

  const details = useForm(EMPTY_CUSTOMER);
  const portal = useForm(EMPTY_SETTINGS);
  useUnsavedChanges(details.dirty || portal.dirty);

  // Load into the forms once per record; a background refetch never wipes what is being typed.
  const loadedCustomer = useRef<CustomerDetail | null>(null);
  const { dirty: detailsDirty, reset: resetDetails } = details;
  useEffect(() => {
    if (staff && staff !== loadedCustomer.current && !detailsDirty) {
      loadedCustomer.current = staff;
      resetDetails(customerToForm(staff));
    }
  }, [staff, detailsDirty, resetDetails]);
  const loadedSettings = useRef<CustomerSettings | null>(null);
  const { dirty: portalDirty, reset: resetPortal } = portal;
  useEffect(() => {
    if (settings.data && settings.data !== loadedSettings.current && !portalDirty) {
      loadedSettings.current = settings.data;
      resetPortal(settingsToForm(settings.data));
    }
  }, [settings.data, portalDirty, resetPortal]);

  if (customer.error instanceof ApiError && customer.error.status === 404) return <CustomerNotFound listPath="/customers" />;
  if (customer.error) return <ErrorState message={customer.error.message} onRetry={() => void customer.refetch()} />;
  if (!staff) return <Skeleton height={400} radius="md" />;

  return (
    <Stack gap="lg">
      <DetailsCard customer={staff} form={details} />
      {settingsAllowed &&
        (settings.data ? (
          <PortalSettingsCard customerId={staff.id} settings={settings.data} form={portal} />
        ) : settings.error ? (
          settings.error instanceof ApiError && settings.error.status === 403 ? null : (
            <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
          )
        ) : (
          <Skeleton height={240} radius="md" />
        ))}
    </Stack>
  );
}

function DetailsCard({ customer, form }: { customer: CustomerDetail; form: ReturnType<typeof useForm<typeof EMPTY_CUSTOMER>> }) {
  const { t } = useTranslation('customers');
  const saved = useCustomerSaved();
  const right = customer.permissions.edit;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const update = changedFields(form.values, form.baseline, right);
    if (Object.keys(update).length === 0) {
      toastInfo(t('form.nothingChanged'));
      return;
    }
    const result = await form.submit({ schema: customerUpdateSchema, payload: update, send: (body) => updateCustomer(customer.id, body) });
    if (!result || result.view !== 'staff') return;
    saved(result);
    form.reset(customerToForm(result));
    toastSuccess(t('form.saved'));
  };

  return (
    <ContentCard title={t('form.title')} data-testid="customer-details">
      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="customer-form">
        <Stack gap="lg">
          {right === 'contact' && (
            <Alert color="teal" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="contact-only">
              {t('form.contactOnly')}
            </Alert>
          )}
          {right === 'none' && (
            <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('form.readOnly')}
            </Alert>
          )}
          <FormErrorAlert message={form.formError} />
          <CustomerFields form={form} right={right} customerId={customer.id} />
          {right !== 'none' && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => form.reset(customerToForm(customer))} disabled={!form.dirty || form.submitting}>
                {t('form.discard')}
              </Button>
              <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
                {t('form.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </ContentCard>
  );
}
