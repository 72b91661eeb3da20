import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api-client';

interface ServerErrorAlertProps {
  error: unknown;
  /** Field errors already shown next to their fields; the rest are listed here. */
  shownFields?: readonly string[];
}

/** Spec §8: forgot and reset failures show the server's error data on the screen. */
export function ServerErrorAlert({ error, shownFields = [] }: ServerErrorAlertProps) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  let message = t('api.unexpected');
  let details: string[] = [];
  if (error instanceof ApiError) {
    if (error.isNetworkError) message = t('api.network');
    else if (error.status === 429) message = t('api.tooManyRequests');
    else if (error.status >= 500) message = t('api.server');
    else message = error.message;
    details = Object.entries(error.errors)
      .filter(([field]) => !shownFields.includes(field))
      .flatMap(([, texts]) => texts)
      .filter((text, index, all) => text !== message && all.indexOf(text) === index);
  }
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="server-error">
      {message}
      {details.length > 0 && (
        <List size="sm" mt={6}>
          {details.map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
