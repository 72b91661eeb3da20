import { Fragment, useEffect, useMemo, useState } from 'react';
import { Anchor, Avatar, Badge, Button, Divider, Group, Modal, MultiSelect, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconClockExclamation, IconLink, IconLock, IconMessageOff, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message, MessageLink, MessageThreadDetail } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { useFormat } from '../../../app/format';
import { useSession } from '../../../app/session';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useAddParticipants, useMarkThreadRead, useRecipients, useThread } from '../api/messages-api';
import { Composer } from './Composer';
import { MessageAttachments } from './MessageAttachments';
import { formatWaiting } from './waiting';
import classes from './Messages.module.css';

export interface ThreadViewProps {
  threadId: string | undefined;
  audience: 'staff' | 'customer';
  /** The list this thread belongs to (back link). */
  listPath: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Where a linked record opens, for the reader's side; null when its screen is not in this view. */
function linkPath(link: MessageLink, customerId: string, audience: 'staff' | 'customer'): string | null {
  const base = audience === 'staff' ? `/customers/${customerId}` : `/customerView/${customerId}`;
  switch (link.type) {
    case 'service_request':
      return `${base}/requests/${link.id}/update`;
    case 'orange_report':
      return `${base}/orange-reports/${link.id}/view`;
    case 'plan':
      return `${base}/plans/${link.id}/view`;
    case 'proposal':
      return `${base}/proposals`;
  }
}

/** One conversation: who is in it, the messages (internal notes marked), the answer box. */
export function ThreadView({ threadId, audience, listPath }: ThreadViewProps) {
  const { t } = useTranslation('messages');
  const { data, error, isPending, refetch } = useThread(threadId);
  const markRead = useMarkThreadRead();
  const newest = data?.messages.at(-1)?.id;

  // Reading the screen marks it read; a message arriving while it is open does too.
  const { mutate } = markRead;
  useEffect(() => {
    if (threadId && newest) mutate(threadId);
  }, [threadId, newest, mutate]);

  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconMessageOff size={28} aria-hidden />}
          title={t('thread.notFoundTitle')}
          description={t('thread.notFoundText')}
          action={
            <Button component={Link} to={listPath} variant="light">
              {t('thread.back')}
            </Button>
          }
        />
      </Paper>
    );
  }
  if (isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={120} radius="md" />
        <Skeleton height={260} radius="md" />
      </Stack>
    );
  }
  if (error || !data) return <ErrorState message={error instanceof Error ? error.message : undefined} onRetry={() => void refetch()} />;
  return <Thread thread={data} audience={audience} listPath={listPath} />;
}

function Thread({ thread, audience, listPath }: { thread: MessageThreadDetail; audience: 'staff' | 'customer'; listPath: string }) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const { user } = useSession();
  // The "new" line stays where it was when the screen opened, not where the read mark moves to.
  const [firstReadAt] = useState(thread.lastReadAt);
  const firstUnread = thread.messages.findIndex((m) => firstReadAt !== null && m.createdAt > firstReadAt && m.author?.id !== user?.id);
  const link = thread.link ? linkPath(thread.link, thread.customerId, audience) : null;

  return (
    <Stack gap="md" data-testid="thread-view">
      <Anchor component={Link} to={listPath} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('thread.back')}
        </Group>
      </Anchor>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="thread-subject">
            {thread.subject}
          </Title>
          <Group gap="xs" wrap="wrap">
            {audience === 'staff' ? (
              <Anchor component={Link} to={`/customers/${thread.customerId}`} fw={500}>
                {thread.customerName}
              </Anchor>
            ) : (
              <Text fw={500}>{thread.customerName}</Text>
            )}
            <Text size="sm" c="dimmed">
              {t('thread.started', { date: format.dateTime(thread.createdAt), name: thread.createdBy?.name ?? t('thread.formerUser') })}
            </Text>
            {thread.awaitingReplySince && (
              <Tooltip label={t('list.waitingSince', { time: format.dateTime(thread.awaitingReplySince) })}>
                <Badge color={thread.overdue ? 'red' : 'orange'} variant={thread.overdue ? 'filled' : 'light'} leftSection={<IconClockExclamation size={12} aria-hidden />}>
                  {t('list.waiting', { duration: formatWaiting(thread.awaitingReplySince, format.language) })}
                </Badge>
              </Tooltip>
            )}
            {thread.link &&
              (link ? (
                <Badge variant="light" color="teal" leftSection={<IconLink size={12} aria-hidden />} component={Link} to={link} style={{ cursor: 'pointer' }} data-testid="thread-link">
                  {t(`links.${thread.link.type}`)}
                </Badge>
              ) : (
                <Badge variant="light" color="teal" leftSection={<IconLink size={12} aria-hidden />}>
                  {t(`links.${thread.link.type}`)}
                </Badge>
              ))}
          </Group>
          <Participants thread={thread} />
        </Stack>
      </Paper>

      <Stack gap="sm" data-testid="message-list" aria-live="polite">
        {thread.messages.map((message, index) => (
          <Fragment key={message.id}>
            {index === firstUnread && (
              <Divider label={t('thread.newMessages')} labelPosition="center" color="orange" data-testid="new-divider" />
            )}
            <MessageBubble message={message} mine={message.author?.id === user?.id} />
          </Fragment>
        ))}
      </Stack>
      <Composer thread={thread} />
    </Stack>
  );
}

function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const name = message.author?.name || t('thread.formerUser');
  return (
    <div className={classes.bubble} data-mine={mine} data-internal={message.internal} data-testid="message">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <Avatar size={26} radius="xl" color={message.author?.isStaff ? 'teal' : 'orange'} variant="filled" aria-hidden>
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={600}>
              {name}
            </Text>
            {message.author?.isStaff && (
              <Badge size="xs" variant="light" color="teal">
                {t('thread.grove')}
              </Badge>
            )}
            {message.internal && (
              <Badge size="xs" color="yellow" c="dark.8" leftSection={<IconLock size={10} aria-hidden />} data-testid="internal-badge">
                {t('thread.internal')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" title={format.dateTime(message.createdAt)}>
            {format.relative(message.createdAt)}
          </Text>
        </Group>
        <Text className={classes.text} size="sm">
          {message.text}
        </Text>
        <MessageAttachments attachments={message.attachments} />
      </Stack>
    </div>
  );
}

function Participants({ thread }: { thread: MessageThreadDetail }) {
  const { t } = useTranslation('messages');
  const [adding, setAdding] = useState(false);
  return (
    <Group gap={6} wrap="wrap" data-testid="participants">
      <Text size="sm" c="dimmed">
        {t('thread.participants')}
      </Text>
      {thread.participants.map((person) => (
        <Badge key={person.id} variant="default" size="lg" radius="sm" tt="none" fw={500} leftSection={<Avatar size={18} radius="xl" color={person.isStaff ? 'teal' : 'orange'} variant="filled">{initials(person.name)}</Avatar>}>
          {person.name}
          {person.role ? (
            <Text span size="xs" c="dimmed" ml={4}>
              {t(person.isStaff ? `roles:teamRole.${person.role}` : `roles:role.${person.role}`, { defaultValue: person.role })}
            </Text>
          ) : null}
        </Badge>
      ))}
      {thread.allowedActions.includes('addParticipants') && (
        <Button variant="subtle" size="compact-sm" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('thread.addPeople')}
        </Button>
      )}
      {adding && <AddPeopleDialog thread={thread} onClose={() => setAdding(false)} />}
    </Group>
  );
}

function AddPeopleDialog({ thread, onClose }: { thread: MessageThreadDetail; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const recipients = useRecipients(thread.customerId);
  const add = useAddParticipants(thread.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const inThread = useMemo(() => new Set(thread.participants.map((p) => p.id)), [thread.participants]);
  const options = (recipients.data ?? []).filter((r) => !inThread.has(r.id)).map((r) => ({ value: r.id, label: `${r.name} (${r.email})` }));
  return (
    <Modal opened onClose={onClose} title={t('thread.addPeopleTitle')} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('thread.addPeopleHint')}
        </Text>
        <MultiSelect
          label={t('compose.recipients')}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          nothingFoundMessage={recipients.isPending ? t('compose.loading') : t('compose.noRecipients')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('compose.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(chosen, {
                onSuccess: () => {
                  toastSuccess(t('thread.peopleAdded'));
                  onClose();
                },
                onError: () => toastError(t('errors.invalid')),
              })
            }
          >
            {t('thread.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
