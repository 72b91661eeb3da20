import { Alert, Badge, Button, Checkbox, Divider, Drawer, Group, Radio, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconPencil, IconSend, IconSignature, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { proposalAcceptSchema, type ProposalDetail } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListSkeleton } from '../../../components/ui/ListSkeleton';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useForm } from '../../../components/forms/useForm';
import {
  downloadProposalPdf,
  useAcceptProposal,
  useDeclineProposal,
  useDeleteProposal,
  useProposal,
  useSendProposal,
  useVoteProposal,
  useWithdrawProposal,
} from '../api/proposals-api';
import { AttachmentList } from './AttachmentList';
import { STATUS_COLORS, money } from './money';

export interface ProposalDrawerProps {
  id: string | null;
  audience: 'staff' | 'customer';
  customerId: string;
  onClose: () => void;
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** One proposal beside its list: content, history, signature, board votes and the reader's actions. */
export function ProposalDrawer({ id, audience, customerId, onClose }: ProposalDrawerProps) {
  const { t } = useTranslation('proposals');
  const [params, setParams] = useSearchParams();
  const version = Number(params.get('version')) || undefined;
  const { data, error, isPending, refetch } = useProposal(id, version);
  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="xl" title={data ? `${data.number} · ${data.title}` : t('detail.title')} data-testid="proposal-drawer">
      {isPending && id ? <ListSkeleton rows={6} columns={2} /> : null}
      {error ? <ErrorState message={messageOf(error, t('detail.loadFailed'))} onRetry={() => void refetch()} /> : null}
      {data ? (
        <ProposalView
          proposal={data}
          audience={audience}
          customerId={customerId}
          onVersion={(v) =>
            setParams((previous) => {
              const next = new URLSearchParams(previous);
              if (v === data.version) next.delete('version');
              else next.set('version', String(v));
              return next;
            })
          }
          onDeleted={onClose}
        />
      ) : null}
    </Drawer>
  );
}

function ProposalView({
  proposal: p,
  audience,
  customerId,
  onVersion,
  onDeleted,
}: {
  proposal: ProposalDetail;
  audience: 'staff' | 'customer';
  customerId: string;
  onVersion: (version: number) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('proposals');
  const format = useFormat();
  const confirm = useConfirm();
  const send = useSendProposal();
  const withdraw = useWithdrawProposal();
  const remove = useDeleteProposal();
  const [downloading, setDownloading] = useState(false);
  const latest = p.shownVersion === p.version;
  const can = (action: ProposalDetail['allowedActions'][number]) => latest && p.allowedActions.includes(action);
  const m = (cents: number) => money(cents, format.language);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toastSuccess(success);
    } catch (error) {
      toastError(messageOf(error, t('detail.actionFailed')));
    }
  };

  const lines = (key: string | null) => p.lineItems.filter((item) => item.optionKey === key);
  const lineTable = (items: ProposalDetail['lineItems']) => (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.description')}</Table.Th>
            <Table.Th ta="right">{t('fields.quantity')}</Table.Th>
            <Table.Th>{t('fields.unit')}</Table.Th>
            <Table.Th ta="right">{t('fields.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('fields.tax')}</Table.Th>
            <Table.Th ta="right">{t('fields.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <Table.Tr key={index}>
              <Table.Td>{item.description}</Table.Td>
              <Table.Td ta="right">{format.number(item.quantity)}</Table.Td>
              <Table.Td>{item.unit}</Table.Td>
              <Table.Td ta="right">{m(item.unitPriceCents)}</Table.Td>
              <Table.Td ta="right">{format.number(item.taxRateBps / 100)} %</Table.Td>
              <Table.Td ta="right">{m(item.subtotalCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  const totals = (a: { subtotalCents: number; taxCents: number; totalCents: number }, label = t('fields.total')) => (
    <Stack gap={2} align="flex-end">
      <Text size="sm" c="dimmed">
        {t('fields.subtotal')}: {m(a.subtotalCents)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('fields.tax')}: {m(a.taxCents)}
      </Text>
      <Text fw={700}>
        {label}: {m(a.totalCents)}
      </Text>
    </Stack>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge color={STATUS_COLORS[p.status]} variant="light" size="lg" data-testid="proposal-status">
            {t(`status.${p.status}`)}
          </Badge>
          {p.awaitingYou ? (
            <Badge color="orange" variant="filled">
              {t('list.awaitingYou')}
            </Badge>
          ) : null}
        </Group>
        {p.versions.length > 1 ? (
          <Select
            aria-label={t('detail.version')}
            data={p.versions.map((v) => ({ value: String(v.version), label: t('detail.versionOf', { version: v.version, date: format.date(v.sentAt ?? v.createdAt) }) }))}
            value={String(p.shownVersion)}
            onChange={(value) => value && onVersion(Number(value))}
            allowDeselect={false}
            w={220}
          />
        ) : null}
      </Group>
      {!latest ? <Alert color="yellow">{t('detail.olderVersion', { version: p.version })}</Alert> : null}

      <Group gap="xl" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('fields.validUntil')}
          </Text>
          <Text size="sm">{format.date(p.validUntil)}</Text>
        </Stack>
        {p.sentAt ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('fields.sentAt')}
            </Text>
            <Text size="sm">{format.dateTime(p.sentAt)}</Text>
          </Stack>
        ) : null}
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('fields.total')}
          </Text>
          <Text size="sm" fw={700} data-testid="proposal-total">
            {m(p.totalCents)}
          </Text>
        </Stack>
      </Group>

      {p.orangeReport ? (
        <Text size="sm" data-testid="linked-orange-report">
          {t('detail.answersReport')}{' '}
          <Link to={`${audience === 'staff' ? '/customers' : '/customerView'}/${customerId}/orange-reports/${p.orangeReport.id}/view`}>
            {p.orangeReport.number}: {p.orangeReport.title}
          </Link>
        </Text>
      ) : null}

      {p.scope ? (
        <Stack gap={4}>
          <Title order={4}>{t('fields.scope')}</Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {p.scope}
          </Text>
        </Stack>
      ) : null}

      <Title order={4}>{t('fields.lineItems')}</Title>
      {lines(null).length ? lineTable(lines(null)) : null}
      {p.options.length === 0
        ? totals(p)
        : p.options.map((option) => (
            <Stack key={option.key} gap="xs">
              <Text fw={600}>
                {t('fields.option', { key: option.key })}: {option.title}
                {p.chosenOptionKey === option.key ? (
                  <Badge ml="xs" color="green" variant="light">
                    {t('detail.chosen')}
                  </Badge>
                ) : null}
              </Text>
              {lineTable(lines(option.key))}
              {totals(option, t('fields.optionTotal', { key: option.key }))}
            </Stack>
          ))}

      {p.attachments.length ? (
        <Stack gap={4}>
          <Title order={4}>{t('fields.attachments')}</Title>
          <AttachmentList attachments={p.attachments} />
        </Stack>
      ) : null}

      {p.declineReason ? <Alert color="red" title={t('detail.declined')}>{p.declineReason}</Alert> : null}
      {p.withdrawReason ? <Alert color="gray" title={t('detail.withdrawn')}>{p.withdrawReason}</Alert> : null}

      {p.signature ? (
        <Stack gap={4} data-testid="signature">
          <Divider />
          <Title order={4}>{t('signature.title')}</Title>
          <Text size="sm">
            {t('signature.signedBy', { name: p.signature.signerName, roles: p.signature.signerRoles.join(', '), date: format.dateTime(p.signature.signedAt), version: p.signature.version })}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            SHA-256: {p.signature.contentSha256}
          </Text>
          {p.signature.ip ? (
            <Text size="xs" c="dimmed">
              {t('signature.ip', { ip: p.signature.ip })} · {p.signature.userAgent}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {p.approval ? (
        <Stack gap={4} data-testid="approval">
          <Title order={4}>{t('approval.title')}</Title>
          <Text size="sm">
            {t('approval.progress', { approvals: p.approval.approvals, required: p.approval.requiredApprovals, amount: m(p.approval.thresholdCents) })}
          </Text>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {p.approval.voters.map((voter) => {
                const vote = p.approval!.votes.find((v) => v.voter.id === voter.id);
                return (
                  <Table.Tr key={voter.id} data-testid={`vote-${voter.id}`}>
                    <Table.Td>{voter.name}</Table.Td>
                    <Table.Td>
                      {vote ? (
                        <Badge color={vote.vote === 'approve' ? 'green' : 'red'} variant="light">
                          {t(`approval.${vote.vote}d`)}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('approval.notVoted')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{vote ? `${format.dateTime(vote.votedAt)}${vote.comment ? ` — ${vote.comment}` : ''}` : ''}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : p.approvalRule && audience === 'customer' && (can('accept') || p.status === 'viewed') ? (
        <Text size="sm" c="dimmed">
          {t('approval.ruleNote', { amount: m(p.approvalRule.thresholdCents), count: p.approvalRule.requiredApprovals })}
        </Text>
      ) : null}

      <Divider />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          data-testid="download-pdf"
          onClick={() => {
            setDownloading(true);
            downloadProposalPdf(p.id, latest ? undefined : p.shownVersion)
              .catch((error: unknown) => toastError(messageOf(error, t('detail.actionFailed'))))
              .finally(() => setDownloading(false));
          }}
        >
          {p.signature && p.signature.version === p.shownVersion ? t('actions.signedPdf') : t('actions.pdf')}
        </Button>
        {can('edit') ? (
          <Button component={Link} to={`/customers/${customerId}/proposals/new?edit=${p.id}`} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
            {t('actions.edit')}
          </Button>
        ) : null}
        {can('send') ? (
          <Button leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending} data-testid="send-proposal" onClick={() => void run(() => send.mutateAsync(p.id), t('toast.sent'))}>
            {t('actions.send')}
          </Button>
        ) : null}
        {can('revise') ? (
          <Button component={Link} to={`/customers/${customerId}/proposals/new?revise=${p.id}`} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
            {t('actions.revise')}
          </Button>
        ) : null}
        {can('withdraw') ? (
          <Button
            variant="light"
            color="red"
            onClick={() =>
              void confirm({ message: t('confirm.withdraw'), confirmLabel: t('actions.withdraw') }).then(
                async (ok) => {
                  if (ok) await run(() => withdraw.mutateAsync({ id: p.id }), t('toast.withdrawn'));
                },
              )
            }
          >
            {t('actions.withdraw')}
          </Button>
        ) : null}
        {can('delete') ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() =>
              void confirm({ message: t('confirm.delete'), confirmLabel: t('actions.delete') }).then(
                async (ok) => {
                  if (ok) await run(async () => { await remove.mutateAsync(p.id); onDeleted(); }, t('toast.deleted'));
                },
              )
            }
          >
            {t('actions.delete')}
          </Button>
        ) : null}
      </Group>
      {can('accept') ? <SignForm proposal={p} /> : null}
      {can('decline') ? <DeclineForm proposal={p} /> : null}
      {can('vote') ? <VoteForm proposal={p} /> : null}
    </Stack>
  );
}

/** The electronic signature: full name typed, consent ticked, an alternative chosen when there are several. */
function SignForm({ proposal: p }: { proposal: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const format = useFormat();
  const accept = useAcceptProposal();
  const form = useForm({ signerName: '', consent: false, optionKey: null as string | null });
  const submit = () =>
    void form
      .submit({
        schema: proposalAcceptSchema,
        payload: { version: p.version, signerName: form.values.signerName, consent: form.values.consent || undefined, optionKey: form.values.optionKey },
        send: (body) => accept.mutateAsync({ id: p.id, body }),
      })
      .then((detail) => detail && toastSuccess(detail.status === 'pending_approval' ? t('toast.awaitingBoard') : t('toast.accepted')));
  return (
    <Stack gap="sm" component="section" aria-label={t('sign.title')} data-testid="sign-form">
      <Divider />
      <Title order={4}>{t('sign.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('sign.intro', { number: p.number, version: p.version })}
      </Text>
      {p.options.length ? (
        <Radio.Group label={t('sign.chooseOption')} value={form.values.optionKey} onChange={(value) => form.set('optionKey', value)} error={form.error('optionKey')} withAsterisk>
          <Stack gap={4} mt={4}>
            {p.options.map((option) => (
              <Radio key={option.key} value={option.key} label={`${t('fields.option', { key: option.key })}: ${option.title} — ${money(option.totalCents, format.language)}`} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      <TextInput
        label={t('sign.name')}
        description={t('sign.nameHint')}
        value={form.values.signerName}
        onChange={(event) => form.set('signerName', event.currentTarget.value)}
        error={form.error('signerName')}
        autoComplete="name"
        withAsterisk
        data-testid="signer-name"
      />
      <Checkbox
        label={t('sign.consent')}
        checked={form.values.consent}
        onChange={(event) => form.set('consent', event.currentTarget.checked)}
        error={form.error('consent')}
        data-testid="sign-consent"
      />
      <Group>
        <Button leftSection={<IconSignature size={16} aria-hidden />} onClick={submit} loading={form.submitting} data-testid="sign-submit">
          {t('sign.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function DeclineForm({ proposal: p }: { proposal: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const decline = useDeclineProposal();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!open) {
    return (
      <Group>
        <Button variant="subtle" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setOpen(true)}>
          {t('actions.decline')}
        </Button>
      </Group>
    );
  }
  const submit = async () => {
    if (!reason.trim()) {
      setError(t('validation:required'));
      return;
    }
    try {
      await decline.mutateAsync({ id: p.id, reason: reason.trim() });
      toastSuccess(t('toast.declined'));
    } catch (e) {
      toastError(messageOf(e, t('detail.actionFailed')));
    }
  };
  return (
    <Stack gap="xs">
      <Textarea label={t('decline.reason')} value={reason} onChange={(event) => { setReason(event.currentTarget.value); setError(undefined); }} error={error} autosize minRows={2} withAsterisk maxLength={1000} />
      <Group gap="xs">
        <Button color="red" loading={decline.isPending} onClick={() => void submit()}>
          {t('actions.decline')}
        </Button>
        <Button variant="subtle" onClick={() => setOpen(false)}>
          {t('actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function VoteForm({ proposal: p }: { proposal: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const vote = useVoteProposal();
  const [comment, setComment] = useState('');
  const cast = async (choice: 'approve' | 'reject') => {
    try {
      const detail = await vote.mutateAsync({ id: p.id, body: { vote: choice, comment: comment.trim() || undefined } });
      toastSuccess(detail.status === 'accepted' ? t('toast.accepted') : detail.status === 'rejected' ? t('toast.boardRejected') : t('toast.voted'));
    } catch (e) {
      toastError(messageOf(e, t('detail.actionFailed')));
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label={t('vote.title')} data-testid="vote-form">
      <Divider />
      <Title order={4}>{t('vote.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('vote.intro')}
      </Text>
      <Textarea label={t('vote.comment')} value={comment} onChange={(event) => setComment(event.currentTarget.value)} autosize minRows={2} maxLength={1000} />
      <Group gap="xs">
        <Button color="green" leftSection={<IconCheck size={16} aria-hidden />} loading={vote.isPending} onClick={() => void cast('approve')} data-testid="vote-approve">
          {t('vote.approve')}
        </Button>
        <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} loading={vote.isPending} onClick={() => void cast('reject')} data-testid="vote-reject">
          {t('vote.reject')}
        </Button>
      </Group>
    </Stack>
  );
}
