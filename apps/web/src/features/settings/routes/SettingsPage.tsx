import { useSearchParams } from 'react-router';
import { Stack, Tabs, Text } from '@mantine/core';
import { IconBell, IconBuilding, IconFlag, IconListDetails, IconLock, IconMapPin, IconTools, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSystemAdmin } from '@grove/shared';
import { useSession } from '../../../app/session';
import { CompanyTab } from '../components/CompanyTab';
import { MyNotificationsTab } from '../components/MyNotificationsTab';
import { PrioritiesTab } from '../components/PrioritiesTab';
import { ProfileTab } from '../components/ProfileTab';
import { SecurityTab } from '../components/SecurityTab';
import { RegionsTab } from '../components/RegionsTab';
import { RequestTypesTab } from '../components/RequestTypesTab';
import { ServiceCatalogueTab } from '../components/ServiceCatalogueTab';

/** Tabs about the signed-in person only: everyone edits them. */
const PERSONAL_TABS = ['profile', 'security', 'notifications'];
const TABS = [...PERSONAL_TABS, 'regions', 'types', 'priorities', 'catalogue', 'company'];

/** The open tab lives in `?tab=` so a link can open it (e.g. /settings?tab=security). */
function useTabParam(): [string, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab = current && TABS.includes(current) ? current : 'profile';
  return [tab, (value) => setParams(value && value !== 'profile' ? { tab: value } : {}, { replace: true })];
}

/**
 * /settings: the signed-in person's profile and sign-in security (decision 025), company-wide reference data (every staff member reads it; only System Admin changes it)
 * and each staff member's own notification choices.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { roles } = useSession();
  const admin = isSystemAdmin(roles);
  const [tab, setTab] = useTabParam();
  return (
    <Stack gap="md">
      {/* Only about the company-wide tabs: everyone edits their own notification choices. */}
      {!admin && !PERSONAL_TABS.includes(tab ?? '') && (
        <Text size="sm" c="dimmed" data-testid="read-only-note">
          {t('readOnly')}
        </Text>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
            {t('account:tabs.profile')}
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconLock size={16} aria-hidden />}>
            {t('account:tabs.security')}
          </Tabs.Tab>
          <Tabs.Tab value="regions" leftSection={<IconMapPin size={16} aria-hidden />}>
            {t('tabs.regions')}
          </Tabs.Tab>
          <Tabs.Tab value="types" leftSection={<IconListDetails size={16} aria-hidden />}>
            {t('tabs.types')}
          </Tabs.Tab>
          <Tabs.Tab value="priorities" leftSection={<IconFlag size={16} aria-hidden />}>
            {t('tabs.priorities')}
          </Tabs.Tab>
          <Tabs.Tab value="catalogue" leftSection={<IconTools size={16} aria-hidden />}>
            {t('orangeReports:catalogue.tab')}
          </Tabs.Tab>
          {admin && (
            <Tabs.Tab value="company" leftSection={<IconBuilding size={16} aria-hidden />} data-testid="company-tab">
              {t('tabs.company')}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} aria-hidden />}>
            {t('tabs.notifications')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityTab admin={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="regions">
          <RegionsTab admin={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="types">
          <RequestTypesTab admin={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="priorities">
          <PrioritiesTab admin={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="catalogue">
          <ServiceCatalogueTab admin={admin} />
        </Tabs.Panel>
        {admin && (
          <Tabs.Panel value="company">
            <CompanyTab admin />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="notifications">
          <MyNotificationsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
