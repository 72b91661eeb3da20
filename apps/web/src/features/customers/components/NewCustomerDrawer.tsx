import { Button, Drawer, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { customerCreateSchema } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { toastSuccess } from '../../../components/ui/toasts';
import { createCustomer, useCustomerSaved } from '../api/customers-api';
import { CustomerFields } from './CustomerFields';
import { EMPTY_CUSTOMER, formToPayload } from './customer-form-values';

interface NewCustomerDrawerProps {
  opened: boolean;
  /** Closes the drawer (drops `?new=1`); asks first when something was typed. */
  onClose: () => void;
}

/** `/customers?new=1`: the create form in a drawer over the list (full screen on a phone). */
export function NewCustomerDrawer({ opened, onClose }: NewCustomerDrawerProps) {
  const { t } = useTranslation('customers');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={t('create.title')}
      closeButtonProps={{ 'aria-label': t('create.close') }}
      data-testid="new-customer-drawer"
    >
      {opened && <NewCustomerForm onCancel={onClose} />}
    </Drawer>
  );
}

function NewCustomerForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const saved = useCustomerSaved();
  const form = useForm(EMPTY_CUSTOMER);
  const { allowLeave } = useUnsavedChanges(form.dirty);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const created = await form.submit({
      schema: customerCreateSchema,
      payload: formToPayload(form.values),
      required: ['regionId', 'branchId'],
      send: createCustomer,
    });
    if (!created) return;
    saved(created);
    toastSuccess(t('create.done', { name: created.name }));
    allowLeave();
    await navigate(`/customers/${encodeURIComponent(created.id)}`);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="customer-form">
      <Stack gap="lg">
        <FormErrorAlert message={form.formError} />
        <CustomerFields form={form} right="all" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            {t('forms:cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
