import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockHour4,
  IconLock,
  IconServerOff,
  IconTool,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { homePath, loginPath, safeRedirectTarget } from '../../../app/guards';
import { useSession } from '../../../app/session';
import { ERROR_CODES, isErrorCode, type ErrorKind } from '../components/error-codes';
import { ErrorScreen } from '../components/ErrorScreen';

const ICONS: Record<ErrorKind, ReactNode> = {
  general: <IconAlertTriangle size={34} aria-hidden />,
  forbidden: <IconLock size={34} aria-hidden />,
  sessionExpired: <IconClockHour4 size={34} aria-hidden />,
  maintenance: <IconTool size={34} aria-hidden />,
  server: <IconServerOff size={34} aria-hidden />,
  offline: <IconWifiOff size={34} aria-hidden />,
};

/** /error/error-1 … error-6; anything else under /error is not a page. */
export default function ErrorCodePage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const { code } = useParams();
  const [params] = useSearchParams();
  const { user, roles } = useSession();
  if (!isErrorCode(code)) return <Navigate to="/404" replace />;

  const kind = ERROR_CODES[code];
  const target = safeRedirectTarget(params.get('redirect'));
  const home = user ? homePath(roles) : '/login';
  const tryAgain = () => void (target ? navigate(target) : navigate(-1));

  let primary: ReactNode;
  if (kind === 'sessionExpired') {
    primary = (
      <Button component={Link} to={loginPath(target ?? undefined)}>
        {t('actions.signInAgain')}
      </Button>
    );
  } else if (kind === 'forbidden') {
    primary = (
      <Button component={Link} to={home}>
        {user ? t('actions.home') : t('actions.signIn')}
      </Button>
    );
  } else {
    primary = <Button onClick={tryAgain}>{t('actions.tryAgain')}</Button>;
  }

  return (
    <ErrorScreen
      icon={ICONS[kind]}
      code={code}
      color={kind === 'offline' || kind === 'maintenance' ? 'teal' : 'orange'}
      title={t(`codes.${kind}.title`)}
      text={t(`codes.${kind}.text`)}
      actions={
        <>
          {kind !== 'forbidden' && kind !== 'sessionExpired' && (
            <Button variant="default" component={Link} to={home}>
              {user ? t('actions.home') : t('actions.signIn')}
            </Button>
          )}
          {primary}
        </>
      }
    />
  );
}
