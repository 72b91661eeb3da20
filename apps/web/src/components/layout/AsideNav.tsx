import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { NavSection } from './navigation';
import classes from './AppLayout.module.css';

interface AsideNavProps {
  sections: NavSection[];
  /** Called when a link is followed (closes the off-canvas panel). */
  onNavigate?: () => void;
}

export function isExact(pathname: string, to: string): boolean {
  return pathname.replace(/\/+$/, '') === to.replace(/\/+$/, '');
}

/** The aside's links; the current page has aria-current="page", the section it is in "location". */
export function AsideNav({ sections, onNavigate }: AsideNavProps) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  return (
    <>
      {sections.map((section, index) => {
        const headingId = section.heading ? `aside-section-${index}` : undefined;
        return (
          <div key={section.heading ?? 'main'} className={classes.navSection}>
            {section.heading && headingId && (
              <div id={headingId} className={classes.navHeading}>
                {t(section.heading)}
              </div>
            )}
            <ul className={classes.navList} aria-labelledby={headingId}>
              {section.items.map((item) => {
                const Icon = item.icon;
                return (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={classes.navLink}
                      onClick={onNavigate}
                      // A section containing the page is "location"; only the page itself is "page".
                      aria-current={isExact(pathname, item.to) ? 'page' : 'location'}
                    >
                      <Icon className={classes.navIcon} stroke={1.7} aria-hidden />
                      <span className={classes.navLabel}>{t(item.title, { ns: 'common' })}</span>
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </>
  );
}
