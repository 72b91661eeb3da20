import { useEffect } from 'react';
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconCloudDownload, IconMapOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../../app/chunk-loading';
import { ErrorScreen } from './ErrorScreen';

/**
 * The errorElement of the route tree: a page chunk that failed or timed out gets a retry page
 * (reloading fetches the current build), a 404 thrown by a loader the not-found text, anything
 * else a friendly "something went wrong". Never a blank screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('errors');

  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);

  const reload = (
    <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
      {t('actions.retry')}
    </Button>
  );

  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        icon={<IconCloudDownload size={34} aria-hidden />}
        title={t('chunk.title')}
        text={t('chunk.text')}
        color="teal"
        actions={reload}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorScreen
        icon={<IconMapOff size={34} aria-hidden />}
        code="404"
        title={t('notFound.title')}
        text={t('notFound.text')}
        actions={
          <Button component={Link} to="/">
            {t('actions.home')}
          </Button>
        }
      />
    );
  }
  return (
    <ErrorScreen
      icon={<IconAlertTriangle size={34} aria-hidden />}
      title={t('codes.general.title')}
      text={t('codes.general.text')}
      actions={
        <>
          <Button variant="default" component={Link} to="/">
            {t('actions.home')}
          </Button>
          {reload}
        </>
      }
    />
  );
}
