import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGE_LIMITS, MESSAGE_LINK_TYPES, messageThreadCreateSchema, type MessageLinkType } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { fieldError, validate } from '../../../app/validation';
import { toastSuccess } from '../../../components/ui/toasts';
import { useCreateThread, useCustomerOptions, useRecipients } from '../api/messages-api';
import { AttachmentPicker, sendErrorText, uploadsPending } from './attachments-form';

export interface NewThreadFormProps {
  audience: 'staff' | 'customer';
  /** Fixed customer (customer pages); the message center lets staff pick one. */
  customerId?: string;
  detailPath: (threadId: string) => string;
  cancelPath: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Starts a conversation: the property (staff, message center), who it is with, subject, text, photos and files. */
export function NewThreadForm({ audience, customerId: fixedCustomerId, detailPath, cancelPath }: NewThreadFormProps) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  const create = useCreateThread();
  const [customerId, setCustomerId] = useState<string | null>(fixedCustomerId ?? params.get('customerId'));
  const [customerSearch, setCustomerSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(customerSearch, 300);
  const customers = useCustomerOptions(debouncedSearch);
  const recipients = useRecipients(customerId ?? undefined);
  const [participantIds, setParticipantIds] = useState<string[]>([]);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const linkType = params.get('linkType');
  const linkId = params.get('linkId');
  const link = linkType && (MESSAGE_LINK_TYPES as readonly string[]).includes(linkType) && linkId && UUID.test(linkId) ? { type: linkType as MessageLinkType, id: linkId } : null;

  const pickable = (recipients.data ?? []).filter((r) => r.id !== user?.id);
  const customerOptions = (customers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.accountNumber})` }));

  const submit = async () => {
    setFailure(null);
    if (uploadsPending(formRef.current)) {
      setFailure(t('compose.uploading'));
      return;
    }
    const body = { customerId: customerId ?? '', subject, text, fileIds, participantIds, link };
    const checked = validate(messageThreadCreateSchema, body, t);
    const local = checked.ok ? {} : { ...checked.errors };
    if (audience === 'staff' && participantIds.length === 0) local.participantIds = [t('compose.recipientsRequired')];
    if (!checked.ok || Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setErrors({});
    try {
      const thread = await create.mutateAsync(checked.data);
      toastSuccess(t('compose.sent'));
      void navigate(detailPath(thread.id));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setFailure(sendErrorText(error, t));
    }
  };

  const recipientsField = (
    <MultiSelect
          label={audience === 'staff' ? t('compose.recipients') : t('compose.alsoInclude')}
          description={audience === 'staff' ? t('compose.recipientsHint') : t('compose.teamHint')}
          placeholder={customerId ? t('compose.recipientsPlaceholder') : t('compose.pickCustomerFirst')}
          data={pickable.map((r) => ({ value: r.id, label: `${r.name} · ${r.roles.map((role) => t(`roles:role.${role}`, { defaultValue: role })).join(', ')}` }))}
          value={participantIds}
          onChange={setParticipantIds}
          disabled={!customerId}
          searchable
          required={audience === 'staff'}
          nothingFoundMessage={recipients.isPending ? t('compose.loading') : t('compose.noRecipients')}
          error={fieldError(errors, 'participantIds')}
          data-testid="recipients"
        />
  );

  return (
    <Paper
      component="form"
      ref={formRef}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      noValidate
      maw={860}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="new-thread-form"
    >
      <Stack gap="md">
        {!fixedCustomerId && (
          <Select
            label={t('compose.customer')}
            placeholder={t('compose.customerPlaceholder')}
            data={customerOptions}
            value={customerId}
            onChange={(value) => {
              setCustomerId(value);
              setParticipantIds([]);
            }}
            searchable
            searchValue={customerSearch}
            onSearchChange={setCustomerSearch}
            nothingFoundMessage={customers.isFetching ? t('compose.loading') : t('compose.noCustomers')}
            filter={({ options }) => options}
            required
            error={fieldError(errors, 'customerId')}
            data-testid="customer-select"
          />
        )}
        {audience === 'staff' && recipientsField}
        <TextInput
          label={t('compose.subject')}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          maxLength={MESSAGE_LIMITS.subject}
          required
          error={fieldError(errors, 'subject')}
          data-testid="subject"
        />
        <Textarea
          label={t('compose.message')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={5}
          maxRows={18}
          maxLength={MESSAGE_LIMITS.text}
          required
          error={fieldError(errors, 'text')}
          data-testid="message-text"
        />
        {audience === 'customer' && recipientsField}
        {link && (
          <Group gap="xs">
            <Badge variant="light" color="teal" leftSection={<IconLink size={12} aria-hidden />}>
              {t(`links.${link.type}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('compose.linkHint')}
            </Text>
          </Group>
        )}
        {customerId ? (
          <AttachmentPicker round={0} customerId={customerId} onChange={setFileIds} />
        ) : null}
        {fieldError(errors, 'fileIds') && (
          <Alert color="red" variant="light">
            {fieldError(errors, 'fileIds')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelPath} variant="default">
            {t('compose.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} leftSection={<IconSend size={16} aria-hidden />} data-testid="send-thread">
            {t('compose.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
