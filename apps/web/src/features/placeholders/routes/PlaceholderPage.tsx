import { EmptyState, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { areaIcon, areaOf } from '../components/area-icons';

/**
 * The page of every route whose screen a later issue builds: an empty state that says what the
 * area will hold, fed by the route title (one component for all of them).
 */
export default function PlaceholderPage() {
  const { t, i18n } = useTranslation('placeholders');
  const area = areaOf(useMatches());
  const key = i18n.exists(`${area}.title`, { ns: 'placeholders' }) ? area : 'generic';
  const Icon = areaIcon(area);
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="placeholder">
      <EmptyState
        py="xl"
        variant="light"
        color="teal"
        icon={<Icon size={30} aria-hidden />}
        title={t(`${key}.title`)}
        description={t(`${key}.text`)}
      />
    </Paper>
  );
}
