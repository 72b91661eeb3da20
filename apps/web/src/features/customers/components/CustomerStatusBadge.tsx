import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerStatus } from '@grove/shared';

const COLORS: Record<CustomerStatus, string> = { active: 'teal', prospect: 'orange', inactive: 'gray' };

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation('customers');
  return (
    // max-content: a table column sizes to it instead of clipping the label ("INTERESS…").
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0, overflow: 'visible', minWidth: 'max-content' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
