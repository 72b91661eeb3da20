import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** E.g. a "New …" button, or "Clear filters" when a search found nothing. */
  action?: ReactNode;
}

/** Shown instead of an empty list or section. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  const { t } = useTranslation('layout');
  return (
    <MantineEmptyState
      py="xl"
      variant="light"
      color="teal"
      icon={icon ?? <IconInbox size={28} aria-hidden />}
      title={title ?? t('empty.title')}
      description={description ?? t('empty.description')}
      data-testid="empty-state"
    >
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
