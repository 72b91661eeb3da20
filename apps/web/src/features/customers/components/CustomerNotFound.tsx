import { Button, EmptyState, Paper } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A customer that does not exist or is outside the user's scope (the API answers 404 for both). */
export function CustomerNotFound({ listPath }: { listPath: string }) {
  const { t } = useTranslation('customers');
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState
        variant="light"
        color="orange"
        icon={<IconBuildingOff size={28} aria-hidden />}
        title={t('notFound.title')}
        description={t('notFound.text')}
        data-testid="customer-not-found"
      >
        <EmptyState.Actions>
          <Button component={Link} to={listPath} variant="light">
            {t('notFound.back')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
