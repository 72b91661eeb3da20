import { Suspense, useEffect } from 'react';
import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches } from 'react-router';
import { documentTitle, pageTitleFromMatches } from '../components/layout/breadcrumbs';
import { PageLoading } from '../components/ui/PageLoading';
import { GroveLogo } from './GroveLogo';
import { LanguagePicker } from './LanguagePicker';
import classes from './PublicLayout.module.css';

/** Frame of the public screens (sign-in, password, error pages): brand, language, page. */
export function PublicLayout() {
  const { t } = useTranslation();
  const titleKey = pageTitleFromMatches(useMatches());
  const title = titleKey ? t(titleKey) : undefined;

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Anchor component={Link} to="/login" underline="never" c="inherit" aria-label={t('app.home')}>
          <Group gap={10} wrap="nowrap">
            <GroveLogo size={34} />
            <Text fw={700} fz={22} className={classes.brand}>
              {t('app.name')}
            </Text>
          </Group>
        </Anchor>
        <LanguagePicker />
      </header>
      <Box component="main" id="main" className={classes.main}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <footer className={classes.footer}>
        <Text size="xs" c="dimmed">
          {t('app.footer', { year: new Date().getFullYear() })}
        </Text>
      </footer>
    </div>
  );
}
