import { Button } from '@mantine/core';
import { IconArrowLeft, IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { homePath } from '../../../app/guards';
import { useSession } from '../../../app/session';
import { ErrorScreen } from '../components/ErrorScreen';

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const { user, roles } = useSession();
  return (
    <ErrorScreen
      icon={<IconMapOff size={34} aria-hidden />}
      code="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={
        <>
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void navigate(-1)}>
            {t('actions.back')}
          </Button>
          <Button component={Link} to={user ? homePath(roles) : '/login'}>
            {user ? t('actions.home') : t('actions.signIn')}
          </Button>
        </>
      }
    />
  );
}
