import { Button, EmptyState, Paper } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A template or plan that does not exist or is outside the user's scope (the API answers 404 for both). */
export function NotFoundCard({ what, backPath }: { what: 'template' | 'plan'; backPath: string }) {
  const { t } = useTranslation('plans');
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState variant="light" color="orange" icon={<IconFileOff size={28} aria-hidden />} title={t(`notFound.${what}`)} description={t('notFound.text')} data-testid="plans-not-found">
        <EmptyState.Actions>
          <Button component={Link} to={backPath} variant="light">
            {t('notFound.back')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
