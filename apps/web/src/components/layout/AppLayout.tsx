import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ActionIcon, Drawer, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { canAccess } from '@grove/shared';
import { layoutConfigStore, mergeLayoutConfig, useLayoutConfig } from '../../app/layout-config';
import { GroveLogo } from '../../app/GroveLogo';
import { useSession } from '../../app/session';
import { ConfirmProvider } from '../ui/ConfirmDialog';
import { PageLoading } from '../ui/PageLoading';
import { ScrollToTop } from '../ui/ScrollToTop';
import { TooltipOnFirstUse } from '../ui/TooltipOnFirstUse';
import { ASIDE_ID, AppHeader } from './AppHeader';
import { AsideNav } from './AsideNav';
import { crumbsFromMatches, documentTitle, layoutSettingsFromMatches, pageTitleFromMatches } from './breadcrumbs';
import { buildHeaderLinks, buildNavigation, homePath as homePathOf, type Audience } from './navigation';
import { PageHeading } from './PageHeading';
import { crumbPath, useRecordTitles } from './record-titles';
import { useAsideHover } from './useAsideHover';
import { useIsMobile } from './useIsMobile';
import classes from './AppLayout.module.css';

const CustomerCrumbName = lazy(() => import('./CustomerCrumbName'));

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The customer (staff) or property (customer side) in the URL; a customer user with a single
 * property has it selected everywhere. With several, the dashboard lets them choose.
 */
function useCurrentCustomerId(audience: Audience, customerIds: readonly string[] | undefined): string | undefined {
  const matches = useMatches();
  const fromUrl = matches[matches.length - 1]?.params.customerId;
  if (fromUrl) return fromUrl;
  return audience === 'customer' && customerIds?.length === 1 ? customerIds[0] : undefined;
}

/** The frame every signed-in screen lives in: header, aside navigation, breadcrumbs, page title. */
export function AppLayout({ audience }: { audience: Audience }) {
  const { t, i18n } = useTranslation('layout');
  const { user, roles } = useSession();
  const matches = useMatches();
  const location = useLocation();
  const isMobile = useIsMobile();
  const userConfig = useLayoutConfig();
  const config = mergeLayoutConfig(userConfig, ...layoutSettingsFromMatches(matches));

  const [asideOpened, setAsideOpened] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  const closePanels = useCallback(() => {
    setAsideOpened(false);
    setMenuOpened(false);
  }, []);

  // Following a link (or any navigation) closes the off-canvas panels; so does growing past lg.
  useEffect(closePanels, [location.pathname, isMobile, closePanels]);

  const minimized = !isMobile && config.asideMinimized;
  const hover = useAsideHover(minimized && config.asideHoverExpand);

  const customerId = useCurrentCustomerId(audience, user?.customerIds);
  const customerIdInUrl = matches[matches.length - 1]?.params.customerId;
  const sections = buildNavigation(audience, roles, customerId, user?.portalCustomerIds);
  const headerLinks = buildHeaderLinks(audience, roles, customerId);
  const home = homePathOf(audience);
  const settingsPath =
    audience === 'staff'
      ? canAccess(roles, 'staff')
        ? '/settings'
        : null
      : customerId
        ? `/customerView/${encodeURIComponent(customerId)}/settings`
        : null;

  // A record page names its crumb (and so the page title) after its record (issue 17 §7).
  const recordTitles = useRecordTitles();
  const crumbs = crumbsFromMatches(matches).map((crumb) => ({ ...crumb, label: recordTitles.get(crumb.to) }));
  const titleKey = pageTitleFromMatches(matches);
  const currentPath = crumbPath(matches[matches.length - 1]?.pathname ?? location.pathname);
  const title = recordTitles.get(currentPath) ?? (titleKey ? t(titleKey, { ns: 'common' }) : undefined);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title, i18n.language]);

  const toggleMinimized = () => layoutConfigStore.set({ asideMinimized: !userConfig.asideMinimized });

  const brandInDrawer = (
    <Group gap={10} wrap="nowrap">
      <GroveLogo size={30} />
      <span>Grove</span>
    </Group>
  );

  return (
    <ConfirmProvider>
      {customerIdInUrl ? (
        <Suspense fallback={null}>
          <CustomerCrumbName audience={audience} customerId={customerIdInUrl} />
        </Suspense>
      ) : null}
      <div
        className={classes.root}
        data-mobile={isMobile}
        data-aside-minimized={minimized}
        data-aside-expanded={hover.expanded}
        data-content-width={config.contentWidth}
        data-testid="app-layout"
      >
        <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
          {t('skipToContent')}
        </a>
        <AppHeader
          isMobile={isMobile}
          homePath={home}
          links={headerLinks}
          settingsPath={settingsPath}
          asideOpened={asideOpened}
          onToggleAside={() => setAsideOpened((opened) => !opened)}
          menuOpened={menuOpened}
          onToggleMenu={() => setMenuOpened((opened) => !opened)}
          onCloseMenu={() => setMenuOpened(false)}
        />
        {isMobile ? (
          <Drawer
            id={ASIDE_ID}
            opened={asideOpened}
            onClose={() => setAsideOpened(false)}
            position="left"
            size={280}
            title={brandInDrawer}
            classNames={{
              root: classes.frameVars,
              content: classes.drawerContent,
              header: classes.drawerHeader,
              body: classes.drawerBody,
              close: classes.drawerClose,
            }}
            closeButtonProps={{ 'aria-label': t('header.closeNavigation') }}
          >
            <nav aria-label={t('nav.main')} data-testid="aside-offcanvas">
              <AsideNav sections={sections} onNavigate={() => setAsideOpened(false)} />
            </nav>
          </Drawer>
        ) : (
          <nav
            id={ASIDE_ID}
            className={classes.aside}
            aria-label={t('nav.main')}
            data-testid="aside"
            {...hover.handlers}
          >
            <div className={classes.asideToolbar}>
              <TooltipOnFirstUse label={minimized ? t('nav.expand') : t('nav.minimize')} position="right">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  className={classes.asideToggle}
                  onClick={toggleMinimized}
                  aria-label={minimized ? t('nav.expand') : t('nav.minimize')}
                  aria-expanded={!minimized}
                  aria-controls={ASIDE_ID}
                  data-testid="aside-toggle"
                >
                  {minimized ? (
                    <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                  )}
                </ActionIcon>
              </TooltipOnFirstUse>
            </div>
            <div className={classes.asideScroll}>
              <AsideNav sections={sections} />
            </div>
          </nav>
        )}
        <main id={MAIN_CONTENT_ID} className={classes.main} tabIndex={-1}>
          <div className={classes.content}>
            <PageHeading
              crumbs={crumbs}
              homePath={home}
              title={title}
              showBreadcrumbs={config.breadcrumbs}
              showTitle={config.pageTitle}
            />
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        {config.scrollTop && <ScrollToTop />}
      </div>
    </ConfirmProvider>
  );
}
