import { Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dollarsToCents } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useApprovalRule, useSaveApprovalRule } from '../api/proposals-api';
import { money } from './money';

/** The customer's board approval rule ("proposals over $500 need 2 board approvals"); staff edit it. */
export function ApprovalRuleCard({ customerId, editable }: { customerId: string; editable: boolean }) {
  const { t } = useTranslation('proposals');
  const format = useFormat();
  const { data } = useApprovalRule(customerId);
  const save = useSaveApprovalRule(customerId);
  const [editing, setEditing] = useState(false);
  const [threshold, setThreshold] = useState<number | string>(500);
  const [required, setRequired] = useState<number | string>(2);
  if (!data) return null;
  const startEdit = () => {
    setThreshold(data.rule ? data.rule.thresholdCents / 100 : 500);
    setRequired(data.rule?.requiredApprovals ?? Math.min(2, Math.max(1, data.boardMembers)));
    setEditing(true);
  };
  const submit = async (rule: { thresholdCents: number; requiredApprovals: number } | null) => {
    try {
      await save.mutateAsync({ rule });
      toastSuccess(t('rule.saved'));
      setEditing(false);
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('rule.saveFailed'));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="approval-rule" style={{ flex: 1, minWidth: 260 }}>
      <Text size="sm" c="dimmed">
        {t('rule.title')}
      </Text>
      {editing ? (
        <Stack gap="xs" mt="xs">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <NumberInput label={t('rule.threshold')} value={threshold} onChange={setThreshold} min={0} decimalScale={2} prefix="$" thousandSeparator="," w={160} />
            <NumberInput label={t('rule.required')} value={required} onChange={setRequired} min={1} max={25} w={140} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('rule.boardMembers', { count: data.boardMembers })}
          </Text>
          <Group gap="xs">
            <Button size="xs" loading={save.isPending} onClick={() => void submit({ thresholdCents: dollarsToCents(Number(threshold) || 0), requiredApprovals: Number(required) || 1 })}>
              {t('actions.save')}
            </Button>
            {data.rule ? (
              <Button size="xs" variant="light" color="red" onClick={() => void submit(null)}>
                {t('rule.remove')}
              </Button>
            ) : null}
            <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
              {t('actions.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={500}>
            {data.rule ? t('rule.summary', { amount: money(data.rule.thresholdCents, format.language), count: data.rule.requiredApprovals }) : t('rule.none')}
          </Text>
          {editable ? (
            <Button size="xs" variant="light" onClick={startEdit} data-testid="edit-rule">
              {t('actions.edit')}
            </Button>
          ) : null}
        </Group>
      )}
    </Paper>
  );
}
