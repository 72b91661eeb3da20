import type { ReactNode } from 'react';
import { Button, EmptyState as MantineEmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title?: ReactNode;
  /** What went wrong, in the user's language (e.g. an ApiError message). */
  message?: ReactNode;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load with a way to try again. */
export function ErrorState({ title, message, onRetry, retrying = false }: ErrorStateProps) {
  const { t } = useTranslation('layout');
  return (
    <MantineEmptyState
      py="xl"
      variant="light"
      color="red"
      icon={<IconAlertTriangle size={28} aria-hidden />}
      title={title ?? t('error.title')}
      description={message ?? t('error.description')}
      role="alert"
      data-testid="error-state"
    >
      {onRetry && (
        <MantineEmptyState.Actions>
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry} loading={retrying}>
            {t('error.retry')}
          </Button>
        </MantineEmptyState.Actions>
      )}
    </MantineEmptyState>
  );
}
