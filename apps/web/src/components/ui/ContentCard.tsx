import { useId, useState, type ReactNode } from 'react';
import { ActionIcon, Collapse, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CARD_ANIMATION_MS, SCROLL_TOP_OFFSET_PX, STICKY_Z_INDEX } from '@grove/shared';
import { useStickyHeader } from './useStickyHeader';
import classes from './ContentCard.module.css';

export interface ContentCardProps {
  title?: ReactNode;
  /** Buttons or menus on the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /** The header sticks below the app header once the page is scrolled beyond 300 px. */
  stickyHeader?: boolean;
  /** Adds a collapse/expand toggle (400 ms animation). */
  collapsible?: boolean;
  defaultCollapsed?: boolean;
  /** Heading level of the title (2 by default: the page title is the h1). */
  titleOrder?: 2 | 3 | 4;
  className?: string;
  'data-testid'?: string;
}

/** A section of a page: header with title and actions, optional sticky header and collapse. */
export function ContentCard({
  title,
  actions,
  footer,
  children,
  stickyHeader = false,
  collapsible = false,
  defaultCollapsed = false,
  titleOrder = 2,
  className,
  ...rest
}: ContentCardProps) {
  const { t } = useTranslation('layout');
  const [collapsed, setCollapsed] = useState(collapsible && defaultCollapsed);
  const sticky = useStickyHeader(stickyHeader, SCROLL_TOP_OFFSET_PX);
  const bodyId = useId();
  const Heading = `h${titleOrder}` as const;
  const hasHeader = title !== undefined || actions !== undefined || collapsible;

  return (
    <section className={[classes.card, className].filter(Boolean).join(' ')} data-collapsed={collapsed} {...rest}>
      {hasHeader && (
        <div
          className={classes.header}
          data-sticky={sticky}
          data-testid="card-header"
          style={sticky ? { zIndex: STICKY_Z_INDEX } : undefined}
        >
          {title !== undefined && <Heading className={classes.title}>{title}</Heading>}
          <Group gap="xs" wrap="nowrap" ml="auto">
            {actions}
            {collapsible && (
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setCollapsed((value) => !value)}
                aria-expanded={!collapsed}
                aria-controls={bodyId}
                aria-label={collapsed ? t('card.expand') : t('card.collapse')}
              >
                <IconChevronDown
                  size={18}
                  aria-hidden
                  style={{
                    transform: collapsed ? 'rotate(-90deg)' : undefined,
                    transition: `transform ${CARD_ANIMATION_MS}ms ease`,
                  }}
                />
              </ActionIcon>
            )}
          </Group>
        </div>
      )}
      {collapsible ? (
        <Collapse expanded={!collapsed} transitionDuration={CARD_ANIMATION_MS} id={bodyId}>
          <div className={classes.body}>{children}</div>
          {footer && <div className={classes.footer}>{footer}</div>}
        </Collapse>
      ) : (
        <>
          <div className={classes.body} id={bodyId}>
            {children}
          </div>
          {footer && <div className={classes.footer}>{footer}</div>}
        </>
      )}
    </section>
  );
}
