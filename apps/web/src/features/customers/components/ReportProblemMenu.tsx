import { useEffect, useRef } from 'react';
import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerSummary } from '@grove/shared';
import { newRequestPath, ReportProblemButton } from './ReportProblemButton';

/** "Report a problem" with several properties: mounted, open, by the button's first click (decision 042). */
export default function ReportProblemMenu({ properties }: { properties: CustomerSummary[] }) {
  const { t } = useTranslation('customers');
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // It replaces the button that was just pressed: the focus stays on it.
    target.current?.focus();
  }, []);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <ReportProblemButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('dashboard.reportWhere')}</Menu.Label>
        {properties.map((property) => (
          <Menu.Item key={property.id} component={Link} to={newRequestPath(property.id)}>
            {property.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
