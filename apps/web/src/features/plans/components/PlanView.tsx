import { Alert, Badge, Button, Group, List, Stack, Tabs, Text, Textarea, Timeline } from '@mantine/core';
import { IconCalendar, IconCircleCheck, IconDownload, IconGitCompare, IconList, IconMap, IconMessage, IconPencil, IconPrinter, IconSend, IconTrash, IconHistory, IconListDetails } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PLAN_LIMITS, type PlanChanges, type PlanDetail, type PlanOccurrence } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { FilePreviewModal, type PreviewFile } from '../../../components/preview';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PendingNotice } from '../../../components/offline/PendingNotice';
import { toastError, toastInfo, toastSuccess } from '../../../components/ui/toasts';
import { downloadPlanPdf, useAcknowledgePlan, useCommentOnPlan, useDeletePlan, usePublishPlan, useRecordOccurrence } from '../api/plans-api';
import { ItemsTable } from './ItemsTable';
import { OccurrenceDialog } from './OccurrenceDialog';
import { OccurrenceRow } from './OccurrenceRow';
import { PlanStateBadge, ProgressLine } from './PlanBadges';
import { PlanCalendar } from './PlanCalendar';
import { PlanMap } from './PlanMap';
import { PlanPrint, usePrintListener } from './PlanPrint';
import { VersionCompare } from './VersionCompare';
import { VisitList } from './VisitList';

interface PlanViewProps {
  plan: PlanDetail;
  audience: 'staff' | 'customer';
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** One plan: status and progress, what changed, the calendar and visits, items, versions, comments. */
export function PlanView({ plan, audience }: PlanViewProps) {
  const { t } = useTranslation(['plans', 'offline']);
  const format = useFormat();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const publish = usePublishPlan();
  const acknowledge = useAcknowledgePlan();
  const remove = useDeletePlan();
  const record = useRecordOccurrence();
  const [open, setOpen] = useState<PlanOccurrence | null>(null);
  const [photo, setPhoto] = useState<PreviewFile | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>(plan.status === 'draft' ? 'items' : 'visits');
  const [mapItemId, setMapItemId] = useState<string | null>(null);
  // The printable plan is mounted only to print (it lists every visit of the quarter).
  const [printing, setPrinting] = useState(false);
  const printAsked = useRef(false);
  usePrintListener(setPrinting);
  useEffect(() => {
    // The button asks for the print dialog once the plan is mounted; Ctrl+P has opened it already.
    if (printing && printAsked.current) {
      printAsked.current = false;
      window.print();
    }
  }, [printing]);
  const base = audience === 'staff' ? `/customers/${plan.customerId}/plans` : `/customerView/${plan.customerId}/plans`;
  const items = useMemo(() => new Map(plan.items.map((item) => [item.id, item])), [plan.items]);
  const serviceOf = (o: PlanOccurrence) => items.get(o.itemId)?.service ?? t('items.removedItem');
  const zoneNames = new Map(plan.zones.map((zone) => [zone.id, zone.name]));
  const canTick = plan.permissions.tick;

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      // A visit ticked offline answers `true` (queued): the queued notice replaces the success toast.
      if ((await action()) !== true) toastSuccess(success);
      return true;
    } catch (error) {
      toastError(messageOf(error, t('errors.generic')));
      return false;
    }
  };

  const onPublish = async () => {
    const ok = await confirm({ title: t('view.publishTitle'), message: t('view.publishText', { name: plan.name }), confirmLabel: t('view.publish') });
    if (ok) await run(() => publish.mutateAsync({ id: plan.id }), t('view.published'));
  };
  const onAcknowledge = async () => {
    const ok = await confirm({ title: t('view.acknowledgeTitle'), message: t('view.acknowledgeText', { n: plan.version }), confirmLabel: t('view.acknowledge') });
    if (ok) await run(() => acknowledge.mutateAsync(plan.id), t('view.acknowledged'));
  };
  const onDelete = async () => {
    const ok = await confirm({ title: t('view.deleteTitle'), message: t('view.deleteText', { name: plan.name }), confirmLabel: t('actions.delete') });
    if (ok && (await run(() => remove.mutateAsync(plan.id), t('view.deleted', { name: plan.name })))) void navigate(base);
  };
  const onPdf = async () => {
    setDownloading(true);
    await downloadPlanPdf(plan.id).catch((error: unknown) => toastError(messageOf(error, t('errors.generic'))));
    setDownloading(false);
  };
  const onDone = async (o: PlanOccurrence) => {
    setBusyId(o.id);
    let queued = false;
    const saved = await run(
      async () => (queued = !(await record.mutateAsync({ planId: plan.id, occurrenceId: o.id, body: { status: 'done', photoIds: [] }, subject: `${plan.name} · ${serviceOf(o)}` }))),
      t('occurrence.saved', { service: serviceOf(o), status: t('occurrence.status.done') }),
    );
    if (saved && queued) toastInfo(t('offline:toast.queued'));
    setBusyId(null);
  };

  const row = (o: PlanOccurrence, showDate = true) => (
    <OccurrenceRow
      key={o.id}
      occurrence={o}
      service={serviceOf(o)}
      canTick={canTick}
      busy={busyId === o.id}
      onDone={() => void onDone(o)}
      onOpen={() => setOpen(o)}
      onPhoto={(p) => setPhoto({ id: p.id, name: p.name, mimeType: 'image/jpeg' })}
      showDate={showDate}
    />
  );

  const ackLine =
    plan.acknowledgedBy && plan.acknowledgedAt
      ? t('view.acknowledgedBy', { name: plan.acknowledgedBy.name, date: format.dateTime(plan.acknowledgedAt), n: plan.acknowledgedVersion })
      : plan.status === 'published'
        ? t('view.notAcknowledged')
        : null;

  return (
    <Stack gap="lg">
      {audience === 'staff' && <PendingNotice recordKey={`plan:${plan.id}`} />}
      <ContentCard title={t('view.summary')}>
        <Stack gap="sm">
          <Group gap="xs">
            {audience === 'customer' && plan.permissions.acknowledge && (
              <Button color="teal" leftSection={<IconCircleCheck size={16} aria-hidden />} loading={acknowledge.isPending} onClick={() => void onAcknowledge()}>
                {t('view.acknowledge')}
              </Button>
            )}
            {audience === 'staff' && plan.permissions.publish && (
              <Button leftSection={<IconSend size={16} aria-hidden />} loading={publish.isPending} onClick={() => void onPublish()}>
                {t('view.publish')}
              </Button>
            )}
            {audience === 'staff' && plan.permissions.edit && (
              <Button component={Link} to={`${base}/${plan.id}/edit`} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
                {t('actions.edit')}
              </Button>
            )}
            {plan.status !== 'draft' && (
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={() => void onPdf()}>
                {t('view.pdf')}
              </Button>
            )}
            <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => {
                printAsked.current = true;
                setPrinting(true);
              }}
            >
              {t('actions.print')}
            </Button>
            {audience === 'staff' && plan.permissions.delete && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()}>
                {t('actions.delete')}
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <PlanStateBadge plan={plan} />
            <Text size="sm" c="dimmed">
              {t('plans.quarter', { from: format.date(plan.startDate), to: format.date(plan.endDate) })}
              {plan.version > 0 ? ` · ${t('plans.version', { n: plan.version })}` : ''}
              {plan.template ? ` · ${t('view.fromTemplate', { name: plan.template.name })}` : ''}
            </Text>
          </Group>
          {ackLine && (
            <Text size="sm" c={plan.acknowledgedBy ? 'teal.8' : 'orange.8'} data-testid="plan-acknowledgement">
              {ackLine}
            </Text>
          )}
          {plan.status === 'draft' ? (
            <Alert color="gray" variant="light">
              {t('view.draftHint')}
            </Alert>
          ) : (
            <ProgressLine progress={plan.progress} />
          )}
          {plan.notes && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{plan.notes}</Text>}
        </Stack>
      </ContentCard>

      {plan.changesSinceAcknowledged && <ChangesCard changes={plan.changesSinceAcknowledged} note={plan.versions.find((v) => v.version === plan.version)?.changeNote ?? ''} />}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="visits" leftSection={<IconList size={16} aria-hidden />}>
            {t('view.tabs.visits')}
          </Tabs.Tab>
          <Tabs.Tab value="calendar" leftSection={<IconCalendar size={16} aria-hidden />}>
            {t('view.tabs.calendar')}
          </Tabs.Tab>
          <Tabs.Tab value="items" leftSection={<IconListDetails size={16} aria-hidden />}>
            {t('view.tabs.items', { n: plan.items.length })}
          </Tabs.Tab>
          <Tabs.Tab value="map" leftSection={<IconMap size={16} aria-hidden />}>
            {t('view.tabs.map')}
          </Tabs.Tab>
          {plan.versions.length > 0 && (
            <Tabs.Tab value="versions" leftSection={<IconHistory size={16} aria-hidden />}>
              {t('view.tabs.versions', { n: plan.versions.length })}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="comments" leftSection={<IconMessage size={16} aria-hidden />}>
            {t('view.tabs.comments', { n: plan.comments.length })}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="visits" pt="md">
          <VisitList planId={plan.id} total={plan.occurrences.length} renderRow={(o) => row(o)} />
        </Tabs.Panel>

        <Tabs.Panel value="calendar" pt="md">
          <PlanCalendar
            startDate={plan.startDate}
            endDate={plan.endDate}
            occurrences={plan.occurrences}
            serviceOf={serviceOf}
            onOpen={canTick ? setOpen : undefined}
            renderDay={(visits) => <Stack gap={6}>{visits.map((o) => row(o, false))}</Stack>}
          />
        </Tabs.Panel>

        <Tabs.Panel value="items" pt="md">
          {plan.items.length === 0 ? (
            <EmptyState title={t('items.none')} />
          ) : (
            <ItemsTable
              items={plan.items}
              zoneNames={zoneNames}
              onShowOnMap={(item) => {
                setMapItemId(item.id);
                setTab('map');
              }}
            />
          )}
        </Tabs.Panel>

        <Tabs.Panel value="map" pt="md">
          <PlanMap customerId={plan.customerId} items={plan.items} selectedItemId={mapItemId} onSelect={setMapItemId} />
        </Tabs.Panel>

        <Tabs.Panel value="versions" pt="md">
          <Stack gap="xl">
          {plan.versions.length > 1 && <VersionCompare plan={plan} zoneNames={zoneNames} />}
          <Timeline bulletSize={22} lineWidth={2} active={plan.versions.length}>
            {[...plan.versions].reverse().map((version) => (
              <Timeline.Item key={version.version} bullet={<IconGitCompare size={12} aria-hidden />} title={t('plans.version', { n: version.version })}>
                <Text size="xs" c="dimmed">
                  {t('view.publishedBy', { name: version.publishedBy?.name ?? '—', date: format.dateTime(version.publishedAt) })}
                  {plan.acknowledgedVersion === version.version ? ` · ${t('state.acknowledged')}` : ''}
                </Text>
                {version.changeNote && <Text size="sm">{version.changeNote}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="comments" pt="md">
          <Comments plan={plan} />
        </Tabs.Panel>
      </Tabs>

      <OccurrenceDialog
        planId={plan.id}
        customerId={plan.customerId}
        startDate={plan.startDate}
        endDate={plan.endDate}
        occurrence={open}
        service={open ? serviceOf(open) : ''}
        onClose={() => setOpen(null)}
      />
      <FilePreviewModal file={photo} onClose={() => setPhoto(null)} />
      {printing && <PlanPrint plan={plan} />}
    </Stack>
  );
}

/** What changed since the version the customer acknowledged. */
function ChangesCard({ changes, note }: { changes: PlanChanges; note: string }) {
  const { t } = useTranslation('plans');
  const color = { added: 'teal', removed: 'red', changed: 'orange' } as const;
  return (
    <Alert color="orange" variant="light" icon={<IconGitCompare size={18} aria-hidden />} title={t('changes.title', { from: changes.fromVersion, to: changes.toVersion })} data-testid="plan-changes">
      <Stack gap={6}>
        {note && <Text size="sm">{note}</Text>}
        <List size="sm" spacing={4}>
          {changes.plan.map((field) => (
            <List.Item key={field}>{t(`changes.plan.${field}`)}</List.Item>
          ))}
          {changes.items.map((item) => (
            <List.Item key={item.itemId}>
              <Group gap={6} wrap="wrap">
                <Badge size="xs" variant="light" color={color[item.change]}>
                  {t(`changes.${item.change}`)}
                </Badge>
                <Text size="sm" fw={600}>
                  {item.service}
                </Text>
                {item.change === 'changed' && (
                  <Text size="sm" c="gray.8">
                    {item.fields.map((field) => t(`changes.fields.${field}`)).join(', ')}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

function Comments({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const comment = useCommentOnPlan();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = async () => {
    if (!text.trim()) {
      setError(t('validation:required'));
      return;
    }
    try {
      await comment.mutateAsync({ id: plan.id, text: text.trim() });
      setText('');
      setError(undefined);
      toastSuccess(t('comments.sent'));
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
    }
  };

  return (
    <Stack gap="md">
      {plan.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.none')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="plan-comments">
          {plan.comments.map((c) => (
            <div key={c.id}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {c.author?.name ?? '—'}
                </Text>
                {c.authorIsStaff && (
                  <Badge size="xs" variant="light" color="teal">
                    {t('comments.staff')}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {format.dateTime(c.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.text}
              </Text>
            </div>
          ))}
        </Stack>
      )}
      {plan.permissions.comment && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack gap="xs">
            <Textarea label={t('comments.label')} autosize minRows={2} maxLength={PLAN_LIMITS.comment} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} />
            <Group justify="flex-end">
              <Button type="submit" loading={comment.isPending} leftSection={<IconMessage size={16} aria-hidden />}>
                {t('comments.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
