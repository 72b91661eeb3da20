import { Anchor, Text, ThemeIcon } from '@mantine/core';
import { IconHomeCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/AuthCard';

/** Resident registration (spec §2 public route); the registration form comes with the customers work. */
export default function ResidentValidationPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('resident.title')}>
      <ThemeIcon size={48} radius="xl" variant="light" color="teal">
        <IconHomeCheck size={26} aria-hidden />
      </ThemeIcon>
      <Text>{t('resident.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('resident.contact')}
      </Text>
      <Anchor component={Link} to="/login" size="sm">
        {t('resident.haveAccount')}
      </Anchor>
    </AuthCard>
  );
}
