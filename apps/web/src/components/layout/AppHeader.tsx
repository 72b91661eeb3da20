import { ActionIcon, Burger, Drawer, Group } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { isExact } from './AsideNav';
import { GroveLogo } from '../../app/GroveLogo';
import type { NavItem } from './navigation';
import { OfflineStatus } from '../offline/OfflineStatus';
import { NotificationsBell } from './NotificationsBell';
import { UserMenu } from './UserMenu';
import classes from './AppLayout.module.css';

interface AppHeaderProps {
  isMobile: boolean;
  homePath: string;
  links: NavItem[];
  settingsPath: string | null;
  asideOpened: boolean;
  onToggleAside: () => void;
  menuOpened: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
}

export const ASIDE_ID = 'app-aside';
const HEADER_MENU_ID = 'app-header-menu';

function HeaderLinks({ links, onNavigate }: { links: NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  return links.map((item) => {
    const Icon = item.icon;
    return (
      <NavLink
        key={item.to}
        to={item.to}
        end={item.end}
        className={classes.headerLink}
        onClick={onNavigate}
        aria-current={isExact(pathname, item.to) ? 'page' : 'location'}
      >
        <Icon size={18} stroke={1.7} aria-hidden />
        {t(item.title, { ns: 'common' })}
      </NavLink>
    );
  });
}

export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation('layout');
  const { isMobile, links } = props;
  return (
    <header className={classes.header}>
      {isMobile && (
        <Burger
          opened={props.asideOpened}
          onClick={props.onToggleAside}
          size="sm"
          aria-label={props.asideOpened ? t('header.closeNavigation') : t('header.openNavigation')}
          aria-expanded={props.asideOpened}
          aria-controls={ASIDE_ID}
        />
      )}
      <Link to={props.homePath} className={classes.brand} aria-label={t('header.home')}>
        <GroveLogo size={34} />
        <span>Grove</span>
      </Link>
      {!isMobile && links.length > 0 && (
        <nav className={classes.headerMenu} aria-label={t('header.menu')}>
          <HeaderLinks links={links} />
        </nav>
      )}
      <div className={classes.headerSpacer} />
      <Group gap={isMobile ? 4 : 8} wrap="nowrap">
        {isMobile && links.length > 0 && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={props.onToggleMenu}
            aria-label={t('header.openMenu')}
            aria-expanded={props.menuOpened}
            aria-controls={HEADER_MENU_ID}
          >
            <IconDotsVertical size={20} aria-hidden />
          </ActionIcon>
        )}
        <OfflineStatus />
        <NotificationsBell />
        <UserMenu settingsPath={props.settingsPath} compact={isMobile} />
      </Group>
      {isMobile && (
        <Drawer
          id={HEADER_MENU_ID}
          opened={props.menuOpened}
          onClose={props.onCloseMenu}
          position="right"
          size={280}
          title={t('header.menu')}
          closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
          classNames={{ root: classes.frameVars }}
        >
          <nav className={classes.drawerMenu} aria-label={t('header.menu')}>
            <HeaderLinks links={links} onNavigate={props.onCloseMenu} />
          </nav>
        </Drawer>
      )}
    </header>
  );
}
