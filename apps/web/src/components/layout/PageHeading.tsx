import { Title } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Crumb } from './breadcrumbs';
import classes from './AppLayout.module.css';

interface PageHeadingProps {
  crumbs: Crumb[];
  homePath: string;
  /** Translated page title, or undefined to show none. */
  title: string | undefined;
  showBreadcrumbs: boolean;
  showTitle: boolean;
}

/** Home › … › page, then the page title (the last crumb). */
export function PageHeading({ crumbs, homePath, title, showBreadcrumbs, showTitle }: PageHeadingProps) {
  const { t } = useTranslation('layout');
  if (!(showBreadcrumbs && crumbs.length) && !(showTitle && title)) return null;
  return (
    <div className={classes.pageHeading}>
      {showBreadcrumbs && crumbs.length > 0 && (
        <nav aria-label={t('breadcrumbs.label')} className={classes.crumbs}>
          <ol className={classes.crumbList}>
            <li className={classes.crumbItem}>
              <Link to={homePath} className={classes.crumbLink}>
                <IconHome size={14} aria-hidden />
                {t('breadcrumbs.home')}
              </Link>
            </li>
            {crumbs.map((crumb, index) => {
              const last = index === crumbs.length - 1;
              return (
                <li key={crumb.to} className={classes.crumbItem}>
                  <IconChevronRight size={14} aria-hidden />
                  {last ? (
                    <span className={classes.crumbCurrent} aria-current="page">
                      {crumb.label ?? t(crumb.title, { ns: 'common' })}
                    </span>
                  ) : (
                    <Link to={crumb.to} className={classes.crumbLink}>
                      {crumb.label ?? t(crumb.title, { ns: 'common' })}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      {showTitle && title && (
        <Title order={1} size="h2" className={classes.pageTitle}>
          {title}
        </Title>
      )}
    </div>
  );
}
